import type { UseFormReturn } from 'react-hook-form';
import {
  type CreateProcess,
  type CreateProcessInput,
  httpMethods,
  isWebhookTestUrl,
  processMessages,
  WEBHOOK_TIMEOUT,
} from '#shared/processes.ts';
import { PAYLOAD_DESCRIPTION } from '#shared/webhook-payload.ts';
import { CheckboxField, TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { TextAreaField } from '#web/components/field-textarea.tsx';
import { ClientSelect } from '../shared/client-select.tsx';
import { ConfirmationNote } from './confirmation-note.tsx';
import { InputFieldsEditor } from './input-fields-editor.tsx';
import { WebhookAuthFields } from './webhook-auth-fields.tsx';

// The fields of a process (SPEC §3), shared by the create form and the inline
// editor.

export type ProcessForm = UseFormReturn<CreateProcessInput, unknown, CreateProcess>;

const methodOptions = httpMethods.map((value) => ({ value, label: value }));
const legendClass = 'text-sm font-semibold text-slate-900';

export function ProcessFields({
  form,
  clientName,
}: {
  form: ProcessForm;
  /** The saved process's client, named before a search lists it. */
  clientName?: string | null;
}) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const webhookUrl = watch('n8nWebhookUrl');
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          className="sm:col-span-2"
          error={errors.name?.message}
          {...register('name')}
        />
        <ClientSelect
          label="Client"
          placeholder="Choose a client…"
          selected={watch('clientUserId') ?? ''}
          selectedLabel={clientName}
          className="sm:col-span-2"
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
        <div>
          <TextField
            label="Webhook URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            spellCheck={false}
            error={errors.n8nWebhookUrl?.message}
            {...register('n8nWebhookUrl')}
          />
          {isWebhookTestUrl(webhookUrl) ? (
            <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
              {processMessages.webhookTest}
            </p>
          ) : null}
        </div>
        <SelectField
          label="Method"
          options={methodOptions}
          error={errors.httpMethod?.message}
          {...register('httpMethod')}
        />
        <div className="space-y-2 sm:col-span-2">
          <TextField
            label="Workflow ID"
            optional
            spellCheck={false}
            error={errors.n8nWorkflowId?.message}
            {...register('n8nWorkflowId')}
          />
          <ConfirmationNote workflowId={watch('n8nWorkflowId')} />
        </div>
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
        <TextField
          label="Timeout (seconds)"
          type="number"
          inputMode="numeric"
          min={1}
          max={WEBHOOK_TIMEOUT.maxSeconds}
          className="sm:col-span-2 [&_input]:max-w-40"
          hint={`How long a run waits for n8n's answer (1–${WEBHOOK_TIMEOUT.maxSeconds}). A webhook set to respond when the last node finishes answers only when the workflow ends.`}
          error={errors.webhookTimeoutSeconds?.message}
          {...register('webhookTimeoutSeconds')}
        />
        <details className="group text-sm sm:col-span-2">
          <summary className="cursor-pointer font-medium text-brand-700 hover:text-brand-800">
            What the workflow receives
          </summary>
          <p className="mt-2 text-slate-700">{PAYLOAD_DESCRIPTION}</p>
        </details>
      </fieldset>

      <WebhookAuthFields form={form} />

      <InputFieldsEditor form={form} />

      <CheckboxField label="Active" {...register('isActive')} />
    </div>
  );
}
