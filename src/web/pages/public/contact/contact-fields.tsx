import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { ContactForm } from '#shared/contact.ts';
import {
  budgetOptions,
  interestOptions,
  teamSizeOptions,
  timelineOptions,
} from '#shared/contact-options.ts';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { TextAreaField } from '#web/components/field-textarea.tsx';
import { Required } from '#web/components/required.tsx';

// Every field of the enquiry (SPEC §3 Contact enquiry). Option values are the codes;
// the labels shown are the ones sent (SPEC §5).

const toOptions = (options: Record<string, string>) =>
  Object.entries(options).map(([value, label]) => ({ value, label }));

export function ContactFields({
  register,
  errors,
}: {
  register: UseFormRegister<ContactForm>;
  errors: FieldErrors<ContactForm>;
}) {
  const required = { 'aria-required': true } as const;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label={<Required>Name</Required>}
        autoComplete="name"
        error={errors.name?.message}
        {...required}
        {...register('name')}
      />
      <TextField
        label={<Required>Email</Required>}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...required}
        {...register('email')}
      />
      <TextField
        label="Company"
        autoComplete="organization"
        error={errors.company?.message}
        {...register('company')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="(612) 555-0100"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label="Website"
        type="text"
        inputMode="url"
        autoComplete="url"
        placeholder="example.com"
        error={errors.website?.message}
        {...register('website')}
      />
      <SelectField
        label={<Required>Area of interest</Required>}
        placeholder="Select an area"
        options={toOptions(interestOptions)}
        error={errors.interest?.message}
        {...required}
        {...register('interest')}
      />
      <SelectField
        label="Budget"
        placeholder="Select a range"
        options={toOptions(budgetOptions)}
        error={errors.budget?.message}
        {...register('budget')}
      />
      <SelectField
        label="Timeline"
        placeholder="Select a timeline"
        options={toOptions(timelineOptions)}
        error={errors.timeline?.message}
        {...register('timeline')}
      />
      <SelectField
        label="Team size"
        placeholder="Select a size"
        options={toOptions(teamSizeOptions)}
        error={errors.teamSize?.message}
        {...register('teamSize')}
      />
      <TextField
        label="How did you hear about us?"
        error={errors.referral?.message}
        {...register('referral')}
      />
      <TextAreaField
        label={<Required>Project details</Required>}
        rows={6}
        hint="What should the software do, who will use it, and what does it replace today?"
        error={errors.message?.message}
        className="sm:col-span-2"
        // SPEC §9: the message box is at least 120 px tall.
        style={{ minHeight: 120 }}
        {...required}
        {...register('message')}
      />
    </div>
  );
}
