import { useEffect, useRef } from 'react';
import { contactMessages } from '#shared/contact-options.ts';
import { Button } from '#web/components/button.tsx';
import { CheckCircleIcon } from '#web/components/feature-icons.tsx';

/**
 * The Message Sent panel that replaces the form after a successful enquiry (SPEC §2
 * Contact, §8 success text). Its heading does not repeat "Message sent", which starts the
 * text under it, and it promises what the rest of the site does: a reply the same business
 * day.
 */
export function MessageSent({ onAgain }: { onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);

  // The form the visitor was in is gone; move focus to what replaced it.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <div role="status" className="py-8 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-green-50 text-green-700">
        <CheckCircleIcon className="size-8" />
      </span>
      <h2
        ref={heading}
        tabIndex={-1}
        className="mt-4 text-2xl font-bold tracking-tight text-slate-900 outline-none"
      >
        We have your enquiry
      </h2>
      <p className="mx-auto mt-3 max-w-md text-base text-slate-600">{contactMessages.success}</p>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
        Expect a reply the same business day, Monday to Friday.
      </p>
      <Button variant="secondary" className="mt-8" onClick={onAgain}>
        Send Another Message
      </Button>
    </div>
  );
}
