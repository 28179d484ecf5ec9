import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Resolver, UseFormRegister } from 'react-hook-form';
import {
  type DefaultFieldView,
  type DefaultsFormValues,
  defaultsGroups,
  toFormValues,
} from '#shared/legal-default-fields.ts';
import {
  type LegalDefaults,
  LegalDefaultsSchema,
  legalDefaultFields,
  legalDefaultsMessages,
} from '#shared/legal-defaults.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { TextAreaField } from '#web/components/field-textarea.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { saveFailureText } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { settingsCalls, settingsKeys } from './settings-api.ts';
import { FormFooter, SettingsSection } from './settings-section.tsx';

// Organization defaults (SPEC §3 Legal defaults): the values the legal documents start
// from. Numbers that are zero or invalid are saved as empty (SPEC §5); the form shows
// what the server kept, so the visitor sees that at once.

// The schema accepts anything per field (it turns zero, blank and junk into "not set"),
// so its input type is `unknown`; the form only ever hands it strings.
const resolver = zodResolver(LegalDefaultsSchema) as Resolver<
  DefaultsFormValues,
  unknown,
  LegalDefaults
>;

export function DefaultsSection({ userId, canManage }: { userId: string; canManage: boolean }) {
  const query = useQuery({
    queryKey: settingsKeys.defaults(userId),
    queryFn: ({ signal }) => settingsCalls.defaults(signal),
  });
  return (
    <SettingsSection
      id="organization-defaults"
      title="Organization defaults"
      description="Filled into new contracts and legal documents. Everything is optional."
    >
      <QueryState
        query={query}
        loading="Loading organization defaults…"
        failed="Organization defaults could not be loaded"
      >
        {(defaults) => <DefaultsForm userId={userId} defaults={defaults} canManage={canManage} />}
      </QueryState>
    </SettingsSection>
  );
}

function DefaultsForm({
  userId,
  defaults,
  canManage,
}: {
  userId: string;
  defaults: LegalDefaults;
  canManage: boolean;
}) {
  const queryClient = useQueryClient();
  const { form, onSubmit, errors, isSubmitting } = useApiForm({
    resolver,
    fields: legalDefaultFields,
    defaultValues: toFormValues(defaults),
    submit: async (values) => {
      const saved = await settingsCalls.saveDefaults(values);
      queryClient.setQueryData(settingsKeys.defaults(userId), saved.defaults);
      form.reset(toFormValues(saved.defaults));
      return { title: 'Saved', text: saved.message };
    },
    onFailure: (error) => toast({ title: 'Error', text: saveFailureText(error), tone: 'error' }),
  });
  const { register } = form;
  const { isDirty } = form.formState;

  return (
    <form onSubmit={onSubmit} noValidate>
      {canManage ? null : (
        <div className="mb-6">
          <Alert tone="info">{legalDefaultsMessages.ownerOrAdmin}</Alert>
        </div>
      )}
      <fieldset disabled={isSubmitting || !canManage} className="space-y-6">
        {defaultsGroups.map((group) => (
          <div key={group.id} className="border-t border-slate-100 pt-5 first:border-0 first:pt-0">
            <fieldset>
              <legend className="text-base font-semibold text-slate-900">{group.title}</legend>
              <p className="mt-1 text-sm text-slate-600">{group.description}</p>
              <div className="mt-4 grid gap-x-5 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
                {group.fields.map((field) => (
                  <DefaultField
                    key={field.name}
                    field={field}
                    register={register}
                    error={errors[field.name]?.message}
                  />
                ))}
              </div>
            </fieldset>
          </div>
        ))}
      </fieldset>
      {canManage ? (
        <FormFooter>
          {isDirty ? <span className="text-sm text-slate-600">Unsaved changes</span> : null}
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save defaults'}
          </Button>
        </FormFooter>
      ) : null}
    </form>
  );
}

function DefaultField({
  field,
  register,
  error,
}: {
  field: DefaultFieldView;
  register: UseFormRegister<DefaultsFormValues>;
  error?: string;
}) {
  const common = { label: field.label, hint: field.hint, error, ...register(field.name) };
  switch (field.kind) {
    case 'select':
      return <SelectField {...common} options={field.options ?? []} placeholder="Not set" />;
    case 'textarea':
      // Three columns on a wide screen keep the long form short; the address takes the
      // height of two rows beside the fields it belongs with.
      return (
        <TextAreaField {...common} rows={3} className="sm:col-span-2 lg:col-span-1 lg:row-span-2" />
      );
    case 'number':
      // Text with a numeric keyboard: "1,500" is accepted, and an invalid value is
      // saved as empty (SPEC §5) rather than blocked by the browser.
      return <TextField {...common} inputMode="decimal" autoComplete="off" />;
    default:
      return (
        <TextField
          {...common}
          type={field.kind}
          placeholder={field.placeholder}
          autoComplete="off"
        />
      );
  }
}
