import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type User, zohoIdKeys } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { ApiError } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';
import { clientCalls, useClientChange } from '../clients/clients-api.ts';
import { FormFooter, SectionCard } from '../clients/section-card.tsx';
import {
  type CrmIds,
  type CrmIdsInput,
  CrmIdsSchema,
  crmFailureNotice,
  crmFailures,
  crmIdLabels,
  crmMessages,
} from '../crm-tools.ts';
import { isLocalId } from './zoho-format.ts';

// The six ids of the selected client (SPEC §3 User, external identifiers) with Save
// (PATCH /api/admin/clients/{id}). The parent keys this form by the client and its saved
// ids, so it starts again from the server's values after a save or an action.

const emptyIds = Object.fromEntries(zohoIdKeys.map((key) => [key, ''])) as CrmIdsInput;

export function CrmIdsForm({ client }: { client: User | null }) {
  const save = useClientChange(client?._id ?? '', (values: CrmIds) =>
    clientCalls.update(client?._id ?? '', values),
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CrmIdsInput, unknown, CrmIds>({
    resolver: zodResolver(CrmIdsSchema),
    defaultValues: client
      ? Object.fromEntries(zohoIdKeys.map((key) => [key, client[key] ?? '']))
      : emptyIds,
  });

  const onSubmit = handleSubmit(async (values) => {
    // SPEC §5: every CRM tool needs a selected client.
    if (!client) {
      toast({ title: crmMessages.selectClientTitle, text: crmMessages.selectClient });
      return;
    }
    try {
      await save.mutateAsync(values);
      toast({ title: 'Saved', text: 'Zoho IDs saved.', tone: 'success' });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const key of zohoIdKeys) {
          const message = error.errors[key];
          if (message) setError(key, { type: 'server', message });
        }
      }
      toast({ ...crmFailureNotice(error, crmFailures.save), tone: 'error' });
    }
  });

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
        <fieldset disabled={isSubmitting} className="grid gap-4 sm:grid-cols-2">
          {zohoIdKeys.map((key) => (
            <TextField
              key={key}
              label={crmIdLabels[key]}
              hint={
                isLocalId(client?.[key]) ? 'Made by local billing; not a Zoho record.' : undefined
              }
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
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save IDs'}
          </Button>
        </FormFooter>
      </form>
    </SectionCard>
  );
}
