import { zodResolver } from '@hookform/resolvers/zod';
import { type User, zohoIdKeys } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { FormFooter, SectionCard } from '#web/components/section-card.tsx';
import { toast } from '#web/lib/toast.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { clientCalls, useClientChange } from '../shared/clients-api.ts';
import {
  type CrmIds,
  type CrmIdsInput,
  CrmIdsSchema,
  crmFailureNotice,
  crmFailures,
  crmIdHint,
  crmIdLabels,
  crmMessages,
} from '../shared/crm-tools.ts';

// The six ids of the selected client (SPEC §3 User, external identifiers) with Save
// (PATCH /api/admin/clients/{id}). The parent keys this form by the client and its saved
// ids, so it starts again from the server's values after a save or an action.

const emptyIds = Object.fromEntries(zohoIdKeys.map((key) => [key, ''])) as CrmIdsInput;

/** `loading`: a chosen client is on its way; nothing is typed into a form about to be replaced. */
export function CrmIdsForm({ client, loading }: { client: User | null; loading: boolean }) {
  const save = useClientChange(client?._id ?? '', (values: CrmIds) =>
    clientCalls.update(client?._id ?? '', values),
  );
  // Field errors from the server go under their fields; the notice is SPEC §8's.
  const { form, onSubmit, errors, isSubmitting } = useApiForm<CrmIdsInput, CrmIds>({
    resolver: zodResolver(CrmIdsSchema),
    fields: zohoIdKeys,
    defaultValues: client
      ? Object.fromEntries(zohoIdKeys.map((key) => [key, client[key] ?? '']))
      : emptyIds,
    submit: async (values) => {
      // SPEC §5: every CRM tool needs a selected client.
      if (!client) {
        toast({ title: crmMessages.selectClientTitle, text: crmMessages.selectClient });
        return;
      }
      await save.mutateAsync(values);
      return { title: 'Saved', text: 'Zoho IDs saved.' };
    },
    onFailure: (error) => toast({ ...crmFailureNotice(error, crmFailures.save), tone: 'error' }),
  });
  const { register } = form;

  return (
    <SectionCard
      id="crm-ids"
      title="Zoho IDs"
      description={
        client
          ? 'The records this client has in the CRM, subscriptions, books and desk apps. Clear a field to unlink it.'
          : 'Choose a client to see and edit its ids.'
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={isSubmitting || loading} className="grid gap-4 sm:grid-cols-2">
          {zohoIdKeys.map((key) => (
            <TextField
              key={key}
              label={crmIdLabels[key]}
              hint={crmIdHint(key, client?.[key])}
              optional
              autoComplete="off"
              spellCheck={false}
              placeholder="Not linked"
              className="min-w-0"
              error={errors[key]?.message}
              {...register(key)}
            />
          ))}
        </fieldset>
        <FormFooter>
          <Button type="submit" disabled={isSubmitting || loading}>
            {isSubmitting ? 'Saving…' : 'Save IDs'}
          </Button>
        </FormFooter>
      </form>
    </SectionCard>
  );
}
