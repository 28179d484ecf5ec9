import { useId, useState } from 'react';
import { Button } from './button.tsx';

// A one-time link shown to the person who must pass it on (no e-mail was sent): the link
// in a read-only field, selected on focus, and a Copy button that says when it worked.

export function CopyLink({
  label,
  copyLabel,
  link,
  hint,
}: {
  /** The field's label, e.g. "Invite link". */
  label: string;
  /** The button, e.g. "Copy invite link". */
  copyLabel: string;
  link: string;
  hint?: string;
}) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      // No clipboard permission (an old browser, an iframe): the field stays selectable.
      setCopied('no');
    }
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
        />
        <Button type="button" variant="secondary" onClick={copy} className="shrink-0">
          {copyLabel}
        </Button>
      </div>
      <p className="mt-1.5 text-sm text-slate-600" aria-live="polite">
        {copied === 'yes'
          ? 'Copied. Paste it into a message to them.'
          : copied === 'no'
            ? 'Could not copy automatically: select the link and copy it.'
            : hint}
      </p>
    </div>
  );
}
