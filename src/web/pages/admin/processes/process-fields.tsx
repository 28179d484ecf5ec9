import type { UseFormReturn } from 'react-hook-form';
import { generateWebhookKey } from '#shared/keys.ts';
import { type CreateProcess, type CreateProcessInput, httpMethods } from '#shared/processes.ts';
import { Button } from '#web/components/button.tsx';
import { CheckboxField, TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { TextAreaField } from '#web/components/field-textarea.tsx';

// The fields of a process (SPEC §3), shared by the create form and the inline editor.

export type ProcessForm = UseFormReturn<CreateProcessInput, unknown, CreateProcess>;

const methodOptions = httpMethods.map((value) => ({ value, label: value }));
const legendClass = 'text-sm font-semibold text-slate-900';

export function ProcessFields({
  form,
  clientOptions,
}: {
  form: ProcessForm;
  clientOptions: { value: string; label: string }[];
}) {
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" error={errors.name?.message} {...register('name')} />
        <SelectField
          label="Client"
          placeholder="Choose a client…"
          options={clientOptions}
          error={errors.clientUserId?.message}
          {...register('clientUserId')}
        />
        <TextAreaField
          label="Description"
          optional
          rows={2}
          className="sm:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
      </div>

      <fieldset className="grid gap-4 sm:grid-cols-[1fr_9rem]">
        <legend className={`${legendClass} mb-3`}>Webhook</legend>
        <TextField
          label="Webhook URL"
          type="url"
          inputMode="url"
          placeholder="https://"
          spellCheck={false}
          error={errors.n8nWebhookUrl?.message}
          {...register('n8nWebhookUrl')}
        />
        <SelectField
          label="Method"
          options={methodOptions}
          error={errors.httpMethod?.message}
          {...register('httpMethod')}
        />
        <TextField
          label="Workflow ID"
          optional
          spellCheck={false}
          className="sm:col-span-2"
          error={errors.n8nWorkflowId?.message}
          {...register('n8nWorkflowId')}
        />
        <TextField
          label="Fallback URL"
          type="url"
          inputMode="url"
          optional
          placeholder="https://"
          hint="Called instead while the process is paused."
          spellCheck={false}
          className="sm:col-span-2"
          error={errors.inactiveFallbackWebhookUrl?.message}
          {...register('inactiveFallbackWebhookUrl')}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className={`${legendClass} mb-3`}>Authentication</legend>
        <div className="flex items-start gap-2 sm:col-span-2">
          <TextField
            label="Auth key"
            optional
            autoComplete="off"
            spellCheck={false}
            className="min-w-0 flex-1 [&_input]:font-mono"
            error={errors.webhookAuthKey?.message}
            {...register('webhookAuthKey')}
          />
          <Button
            variant="secondary"
            className="mt-7"
            onClick={() => setValue('webhookAuthKey', generateWebhookKey(), { shouldDirty: true })}
          >
            Generate
          </Button>
        </div>
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
        <TextField
          label="Basic auth user"
          optional
          autoComplete="off"
          error={errors.webhookAuthBasicUser?.message}
          {...register('webhookAuthBasicUser')}
        />
        <TextField
          label="Basic auth password"
          type="password"
          optional
          autoComplete="new-password"
          error={errors.webhookAuthBasicPass?.message}
          {...register('webhookAuthBasicPass')}
        />
      </fieldset>

      <CheckboxField label="Active" {...register('isActive')} />
    </div>
  );
}
