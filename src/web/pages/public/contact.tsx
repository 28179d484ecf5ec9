import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { contactMessages, contactOutcome } from '#shared/contact-options.ts';
import { paths } from '#shared/paths.ts';
import { Alert } from '#web/components/alert.tsx';
import { publicPageMeta } from '#web/lib/meta.ts';
import { ContactAside } from './contact/contact-aside.tsx';
import { ContactForm } from './contact/contact-form.tsx';
import { MessageSent } from './contact/message-sent.tsx';
import { PageHero } from './shared/page-hero.tsx';

export const meta = () =>
  publicPageMeta(
    paths.contact,
    'Contact Us',
    'Tell us about your project. A Minnesota software consultancy serving all 50 states, with same-day responses Monday to Friday.',
  );

type View = 'form' | 'sent' | 'again' | 'unsent';

export default function ContactPage() {
  const [view, setView] = useState<View>('form');
  // A form sent before the page hydrated comes back with its outcome in the address
  // (contact/form-routes.ts on the server). Hydration must first match the pre-rendered
  // form, so the outcome is shown just after.
  const outcome = useSearchParams()[0].get(contactOutcome.param);
  useEffect(() => {
    if (outcome === contactOutcome.sent) setView('sent');
    if (outcome === contactOutcome.unsent) setView('unsent');
  }, [outcome]);
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Tell us about your project"
        lead="A few lines are enough to start. We reply the same business day, Monday to Friday, and the first consultation is free."
      />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-3 lg:px-8">
        <section
          aria-label="Project enquiry"
          className="self-start rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2"
        >
          {view === 'sent' ? (
            <MessageSent onAgain={() => setView('again')} />
          ) : (
            <>
              {view === 'unsent' ? (
                <div className="mb-6">
                  <Alert>{contactMessages.network}</Alert>
                </div>
              ) : null}
              <ContactForm onSent={() => setView('sent')} focusFirst={view === 'again'} />
            </>
          )}
        </section>
        <aside aria-label="Other ways to reach us">
          <ContactAside />
        </aside>
      </div>
    </>
  );
}
