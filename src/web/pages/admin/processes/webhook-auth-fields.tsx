import { useState } from 'react';
import { generateJwtSecret, generateWebhookKey } from '#shared/keys.ts';
import { Button } from '#web/components/button.tsx';
import { CheckboxField, TextField } from '#web/components/field.tsx';
import {
  type AuthKind,
  authKindLabels,
  authKindOf,
  authKinds,
  fieldsToClear,
} from './auth-kind.ts';
import type { ProcessForm } from './process-fields.tsx';

// How a process proves itself to its n8n webhook (SPEC §3), as one choice, each
// explained in the words of n8n's Webhook node "Authentication" setting.

const legendClass = 'text-sm font-semibold text-slate-900';
const hintClass = 'text-sm text-slate-600 sm:col-span-2';

function KindChoice({ value, onChange }: { value: AuthKind; onChange: (kind: AuthKind) => void }) {
  return (
    <div
      role="radiogroup"
      aria-label="Webhook auth"
      className="grid grid-cols-2 gap-0.5 rounded-lg border border-slate-300 bg-slate-50 p-0.5 sm:col-span-2 sm:flex sm:w-fit"
    >
      {authKinds.map((kind) => (
        <label
          key={kind}
          className="cursor-pointer rounded-md px-3 py-1.5 text-center text-sm font-medium whitespace-nowrap text-slate-700 has-checked:bg-white has-checked:text-slate-900 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
        >
          <input
            type="radio"
            name="webhook-auth-kind"
            value={kind}
            checked={value === kind}
            onChange={() => onChange(kind)}
            className="sr-only"
          />
          {authKindLabels[kind]}
        </label>
      ))}
    </div>
  );
}

function SecretField({
  form,
  name,
  label,
  generate,
  generateLabel,
}: {
  form: ProcessForm;
  name: 'webhookAuthKey' | 'webhookAuthJwtSecret';
  label: string;
  generate: () => string;
  generateLabel: string;
}) {
  const error = form.formState.errors[name]?.message;
  return (
    <div className="flex items-start gap-2 sm:col-span-2">
      <TextField
        label={label}
        autoComplete="off"
        spellCheck={false}
        className="min-w-0 flex-1 [&_input]:font-mono"
        error={error}
        {...form.register(name)}
      />
      <Button
        variant="secondary"
        className="mt-7 shrink-0"
        onClick={() => form.setValue(name, generate(), { shouldDirty: true, shouldValidate: true })}
      >
        {generateLabel}
      </Button>
    </div>
  );
}

export function WebhookAuthFields({ form }: { form: ProcessForm }) {
  const { register, setValue, getValues, formState } = form;
  const errors = formState.errors;
  const [kind, setKind] = useState<AuthKind>(() => authKindOf(getValues()));

  const choose = (next: AuthKind) => {
    for (const field of fieldsToClear(next)) setValue(field, '', { shouldDirty: true });
    setKind(next);
  };

  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className={`${legendClass} mb-3`}>Webhook auth</legend>
      <KindChoice value={kind} onChange={choose} />
      {kind === 'none' ? (
        <p className={hintClass}>
          Calls carry no credentials. Anyone who knows the webhook address can start the workflow.
        </p>
      ) : null}
      {kind === 'header' ? (
        <>
          <SecretField
            form={form}
            name="webhookAuthKey"
            label="Auth key"
            generate={generateWebhookKey}
            generateLabel="Generate"
          />
          <TextField
            label="Header name"
            spellCheck={false}
            error={errors.webhookAuthHeaderName?.message}
            {...register('webhookAuthHeaderName')}
          />
          <CheckboxField
            label="Send the key as a Bearer token"
            className="sm:mt-8"
            {...register('webhookAuthUseBearer')}
          />
          <p className={hintClass}>
            In n8n, choose Header Auth with Name = the header name above and Value ={' '}
            <code className="font-mono text-slate-800">Bearer &lt;key&gt;</code> when Bearer is on,
            or the key itself when it is off.
          </p>
        </>
      ) : null}
      {kind === 'basic' ? (
        <>
          <TextField
            label="Basic auth user"
            autoComplete="off"
            error={errors.webhookAuthBasicUser?.message}
            {...register('webhookAuthBasicUser')}
          />
          <TextField
            label="Basic auth password"
            type="password"
            autoComplete="new-password"
            error={errors.webhookAuthBasicPass?.message}
            {...register('webhookAuthBasicPass')}
          />
          <p className={hintClass}>In n8n, choose Basic Auth with the same user and password.</p>
        </>
      ) : null}
      {kind === 'jwt' ? (
        <>
          <SecretField
            form={form}
            name="webhookAuthJwtSecret"
            label="JWT secret"
            generate={generateJwtSecret}
            generateLabel="Generate secret"
          />
          <p className={hintClass}>
            In n8n, choose JWT Auth with a credential of key type Passphrase, algorithm HS256 and
            this secret (at least 32 characters). Each call carries a fresh token valid for 5
            minutes, with the claims runId, processId, accountId, iat and exp.
          </p>
        </>
      ) : null}
    </fieldset>
  );
}
