import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { catalogApi } from '#shared/api/catalog.ts';
import {
  type ApproveRequestInput,
  ApproveRequestSchema,
  type CatalogRequest,
  type DeclineRequestInput,
  DeclineRequestSchema,
} from '#shared/catalog.ts';
import { Button } from '#web/components/button.tsx';
import { CheckboxField, TextField } from '#web/components/field.tsx';
import { TextAreaField } from '#web/components/field-textarea.tsx';
import { FormAlert } from '#web/components/form-alert.tsx';
import { FormDialogFooter } from '#web/components/form-dialog-footer.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { SaveWarnings } from '#web/components/save-warnings.tsx';
import { callApi } from '#web/lib/call-api.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';

// Answering a catalog request, from the queue and from the client's page:
// approve (optionally creating the client's process from the template with its webhook
// URL) or decline with a reason the client reads. Both refresh every admin list. An
// approval the server warned about (a webhook on an address it will refuse to call) keeps
// the dialog open with the warning under the URL, as the new-process dialog does.

export const catalogDecisionKeys = { all: ['admin', 'catalog-requests'] as const };

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogDecisionKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'clients'] }),
    ]);
}

export function ApproveDialog({
  request,
  onClose,
}: {
  request: CatalogRequest;
  onClose: () => void;
}) {
  const refresh = useRefresh();
  const formId = useId();
  const [warnings, setWarnings] = useState<string[]>([]);
  const approved = warnings.length > 0;
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<ApproveRequestInput>({
    resolver: zodResolver(ApproveRequestSchema, undefined, { raw: true }),
    fields: ['n8nWebhookUrl', 'createProcess'],
    defaultValues: { createProcess: true, n8nWebhookUrl: '' },
    submit: async (values) => {
      const answer = await callApi(catalogApi.approve, {
        params: { id: request._id },
        body: values,
      });
      await refresh();
      if (answer.warnings.length > 0) setWarnings(answer.warnings);
      else onClose();
      const { message } = answer;
      return { title: 'Approved', text: message };
    },
  });
  const creating = form.watch('createProcess');
  return (
    <ModalDialog
      open
      size="md"
      title={`Approve "${request.templateName}"`}
      description="The client is told by e-mail and sees it on their catalog page."
      onClose={onClose}
      footer={
        approved ? (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        ) : (
          <FormDialogFooter formId={formId} busy={isSubmitting} onCancel={onClose}>
            {isSubmitting ? 'Approving…' : 'Approve'}
          </FormDialogFooter>
        )
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <CheckboxField
          disabled={approved}
          label="Create the process for this client from the template"
          {...form.register('createProcess')}
        />
        {creating ? (
          <TextField
            label="Webhook URL of the workflow"
            type="url"
            placeholder="https://n8n.example.com/webhook/…"
            hint="The process is named after the template; add authentication later on the Processes screen."
            error={errors.n8nWebhookUrl?.message}
            readOnly={approved}
            {...form.register('n8nWebhookUrl')}
          />
        ) : null}
        <SaveWarnings
          title={`"${request.templateName}" was approved with a warning`}
          warnings={warnings}
          onDismiss={onClose}
        />
        <FormAlert alert={alert} />
      </form>
    </ModalDialog>
  );
}

export function DeclineDialog({
  request,
  onClose,
}: {
  request: CatalogRequest;
  onClose: () => void;
}) {
  const refresh = useRefresh();
  const formId = useId();
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<DeclineRequestInput>({
    resolver: zodResolver(DeclineRequestSchema),
    fields: ['reason'],
    defaultValues: { reason: '' },
    submit: async (values) => {
      const { message } = await callApi(catalogApi.decline, {
        params: { id: request._id },
        body: values,
      });
      await refresh();
      onClose();
      return { title: 'Declined', text: message };
    },
  });
  return (
    <ModalDialog
      open
      size="md"
      title={`Decline "${request.templateName}"`}
      description="The client reads your reason on their catalog page and in an e-mail."
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={isSubmitting}>
            {isSubmitting ? 'Declining…' : 'Decline'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <TextAreaField
          label="Reason"
          rows={4}
          maxLength={500}
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <FormAlert alert={alert} />
      </form>
    </ModalDialog>
  );
}
