import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import {
  API_TOKEN_NAME_MAX,
  apiTokenLifetimes,
  type CreateApiToken,
  CreateApiTokenSchema,
  type CreatedApiToken,
  DEFAULT_API_TOKEN_LIFETIME,
} from '#shared/api-tokens.ts';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { FormAlert } from '#web/components/form-alert.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { settingsCalls } from './settings-api.ts';

// Making an API token: a name that says where it is used and how long it lasts, checked
// with the schema the server uses. The answer's secret goes to the card, which shows it once.

const fields = ['name', 'expiresInDays'] as const;

const lifetimeOptions = apiTokenLifetimes.map((days) => ({
  value: String(days),
  label: days === 365 ? '1 year' : `${days} days`,
}));

export function ApiTokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const headingId = useId();
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<
    { name: string; expiresInDays: number },
    CreateApiToken
  >({
    resolver: zodResolver(CreateApiTokenSchema),
    fields,
    defaultValues: { name: '', expiresInDays: DEFAULT_API_TOKEN_LIFETIME },
    submit: async (values) => {
      const created = await settingsCalls.createApiToken(values);
      form.reset({ name: '', expiresInDays: values.expiresInDays });
      onCreated(created);
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Create a token
      </h3>
      <fieldset
        disabled={isSubmitting}
        className="mt-3 grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start"
      >
        <TextField
          label="Token name"
          hint="Say where it is used, such as “CRM button”."
          autoComplete="off"
          maxLength={API_TOKEN_NAME_MAX}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <SelectField
          label="Expires after"
          options={lifetimeOptions}
          error={errors.expiresInDays?.message}
          {...form.register('expiresInDays', { setValueAs: (value) => Number(value) })}
        />
        <Button type="submit" className="sm:mt-6.5">
          {isSubmitting ? 'Creating…' : 'Create token'}
        </Button>
      </fieldset>
      <FormAlert alert={alert} />
    </form>
  );
}
