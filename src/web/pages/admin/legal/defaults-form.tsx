import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import {
  type DefaultsFormValues,
  defaultsGroups,
  toFormValues,
} from '#shared/legal-default-fields.ts';
import {
  type LegalDefaults,
  LegalDefaultsSchema,
  legalDefaultFields,
} from '#shared/legal-defaults.ts';
import { Alert } from '#web/components/alert.tsx';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { TextAreaField } from '#web/components/field-textarea.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';

// The organization defaults form (SPEC §3 Legal defaults) for the Quick Defaults dialog,
// validated with the shared LegalDefaultsSchema as the server does: blanks are dropped,
// and a numeric zero or invalid value becomes empty (SPEC §5). Fields, labels and groups
// are the Profile page's (#shared/legal-default-fields.ts), so both screens describe them alike; this
// form differs only in living in a dialog whose footer holds the submit button.

export function DefaultsForm({
  id,
  defaults,
  onSave,
}: {
  /** The form's id, for a submit button outside it (a dialog footer). */
  id: string;
  defaults: LegalDefaults;
  /** Sends the cleaned defaults; a rejection shows the server's errors on the form. */
  onSave: (values: LegalDefaults) => Promise<void>;
}) {
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm({
    // The schema takes any input (it normalises text to numbers); the form holds text.
    resolver: zodResolver(LegalDefaultsSchema) as unknown as Resolver<
      DefaultsFormValues,
      unknown,
      LegalDefaults
    >,
    fields: legalDefaultFields,
    defaultValues: toFormValues(defaults),
    submit: onSave,
  });
  const { register } = form;

  return (
    <form id={id} noValidate onSubmit={onSubmit} className="space-y-6">
      {defaultsGroups.map((group) => (
        <fieldset key={group.id} disabled={isSubmitting}>
          <legend className="text-sm font-semibold text-slate-900">{group.title}</legend>
          <p className="mt-0.5 mb-3 text-xs text-slate-600">{group.description}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {group.fields.map((field) => {
              const common = {
                label: field.label,
                hint: field.hint,
                error: errors[field.name]?.message,
                ...register(field.name),
              };
              switch (field.kind) {
                case 'select':
                  return (
                    <SelectField
                      key={field.name}
                      {...common}
                      placeholder="Not set"
                      options={field.options ?? []}
                    />
                  );
                case 'textarea':
                  return (
                    <TextAreaField
                      key={field.name}
                      {...common}
                      rows={2}
                      className="sm:col-span-2"
                    />
                  );
                case 'number':
                  // Text with a numeric keyboard, so an invalid value is saved as empty
                  // (SPEC §5) rather than blocked by the browser.
                  return (
                    <TextField
                      key={field.name}
                      {...common}
                      inputMode="decimal"
                      autoComplete="off"
                    />
                  );
                default:
                  return (
                    <TextField
                      key={field.name}
                      {...common}
                      type={field.kind}
                      placeholder={field.placeholder}
                      autoComplete="off"
                    />
                  );
              }
            })}
          </div>
        </fieldset>
      ))}
      <p className="text-xs text-slate-600">
        Leave a field empty to use the template's own wording. A zero or a value that is not a
        number is saved as empty.
      </p>
      {alert ? <Alert>{alert}</Alert> : null}
    </form>
  );
}
