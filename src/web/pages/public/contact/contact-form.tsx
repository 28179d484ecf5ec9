import { useEffect, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import type { ContactForm as ContactFormInput } from '#shared/contact.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { RequiredNote } from '#web/components/required.tsx';
import { type ContactField, contactFields, noAnswerFailure } from './contact-failure.ts';
import { ContactFields } from './contact-fields.tsx';
import { type ContactFormValues, contactValidation } from './contact-validation.ts';

// The enquiry form (SPEC §2 Contact, §4 states, §5 rules, §8 errors). Idle, then
// submitting (every field disabled, the button reads "Sending..."), then either onSent
// or the errors: under the fields, or in the banner.

const empty: ContactFormInput = {
  name: '',
  email: '',
  company: '',
  phone: '',
  website: '',
  interest: '',
  budget: '',
  timeline: '',
  teamSize: '',
  message: '',
  referral: '',
};

const firstOf = (errors: FieldErrors<ContactFormInput>) =>
  contactFields.find((field) => errors[field]) ?? null;

export function ContactForm({
  onSent,
  focusFirst = false,
}: {
  onSent: () => void;
  /** Put focus in the first field on mount (when the form comes back after a success). */
  focusFirst?: boolean;
}) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: contactValidation.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: empty,
    // Fields are disabled while the form validates, so focus is moved by the effect below.
    shouldFocusError: false,
  });
  const [banner, setBanner] = useState<{ text: string; detail: string | null } | null>(null);
  const [focusField, setFocusField] = useState<ContactField | null>(focusFirst ? 'name' : null);

  // A client asking about a failed run (/contact?run=<id>) finds its id already written.
  // Read after hydration: the pre-rendered page has no address query. Only such a visit
  // loads the wording, which keeps it out of the page's own scripts.
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has('run')) return;
    import('#shared/run-enquiry.ts')
      .then(({ runEnquiryMessage }) => {
        const message = runEnquiryMessage(window.location.search);
        if (message) setValue('message', message);
      })
      .catch(() => {
        // Offline: the visitor writes the message as on any other visit.
      });
  }, [setValue]);

  // A disabled field cannot take focus: wait until the form is enabled again.
  useEffect(() => {
    if (isSubmitting || !focusField) return;
    setFocus(focusField);
    setFocusField(null);
  }, [isSubmitting, focusField, setFocus]);

  const onSubmit = handleSubmit(
    async (values) => {
      setBanner(null);
      const failure = await import('./contact-api.ts').then(
        (calls) => calls.sendEnquiry(values),
        noAnswerFailure,
      );
      if (!failure) {
        onSent();
        return;
      }
      for (const field of contactFields) {
        const message = failure.fields[field];
        if (message) setError(field, { type: 'server', message });
      }
      setFocusField(contactFields.find((field) => failure.fields[field]) ?? null);
      setBanner(failure.banner ? { text: failure.banner, detail: failure.detail } : null);
    },
    (invalid) => {
      setBanner(null);
      setFocusField(firstOf(invalid));
    },
  );

  // Posted, never a GET: a click before the page hydrates sends the enquiry without
  // JavaScript, and nothing typed lands in an address bar (contact/form-routes.ts).
  return (
    <form method="post" onSubmit={onSubmit} onFocus={contactValidation.preload} noValidate>
      <RequiredNote />
      <fieldset disabled={isSubmitting} className="min-w-0">
        <legend className="sr-only">Project enquiry</legend>
        <ContactFields register={register} errors={errors} />
      </fieldset>
      {banner ? (
        <div className="mt-6">
          <Alert>
            <p>{banner.text}</p>
            {banner.detail ? <p className="mt-1 text-red-700">Details: {banner.detail}</p> : null}
          </Alert>
        </div>
      ) : null}
      <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
