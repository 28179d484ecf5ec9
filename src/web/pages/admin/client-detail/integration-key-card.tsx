import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { IntegrationKeySchema } from '#shared/clients.ts';
import { generateWebhookKey } from '#shared/keys.ts';
import type { User } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { FormFooter, SectionCard } from '#web/components/section-card.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { clientCalls, useClientChange } from '../shared/clients-api.ts';

type KeyInput = z.input<typeof IntegrationKeySchema>;
type Key = z.output<typeof IntegrationKeySchema>;
const fields = ['n8nWebhookKey'] as const;

export function IntegrationKeyCard({ client }: { client: User }) {
  const save = useClientChange(client._id, ({ n8nWebhookKey }: Key) =>
    clientCalls.integrationKey(client._id, n8nWebhookKey),
  );
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<KeyInput, Key>({
    resolver: zodResolver(IntegrationKeySchema),
    fields,
    defaultValues: { n8nWebhookKey: client.integrationKeys?.n8nWebhookKey ?? '' },
    submit: async (values) => {
      await save.mutateAsync(values);
      return {
        title: 'Saved',
        text: values.n8nWebhookKey ? 'Integration key saved.' : 'Integration key removed.',
      };
    },
  });
  const { register, setValue } = form;
  const { isDirty } = form.formState;

  return (
    <SectionCard
      id="integration-key"
      title="Integration key"
      description="The webhook key of this client's workflow engine. Replacing it breaks calls that use the old key."
    >
      <form onSubmit={onSubmit} noValidate>
        <fieldset
          disabled={isSubmitting}
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <TextField
            label="Webhook key"
            hint="Leave empty to remove the key."
            autoComplete="off"
            spellCheck={false}
            className="min-w-0 flex-1 [&_input]:font-mono"
            error={errors.n8nWebhookKey?.message}
            {...register('n8nWebhookKey')}
          />
          <Button
            variant="secondary"
            className="sm:mt-7"
            onClick={() => setValue('n8nWebhookKey', generateWebhookKey(), { shouldDirty: true })}
          >
            Generate
          </Button>
        </fieldset>
        <FormFooter alert={alert}>
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Saving…' : 'Save key'}
          </Button>
        </FormFooter>
      </form>
    </SectionCard>
  );
}
