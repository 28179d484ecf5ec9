import { splitIpList } from '#shared/clients.ts';
import type { User } from '#shared/user.ts';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { NoIpsChip } from '#web/components/chips.tsx';
import { TextField } from '#web/components/field.tsx';
import { FormFooter, SectionCard } from '#web/components/section-card.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { clientCalls, useClientChange } from '../shared/clients-api.ts';

// Allowed IPs (SPEC §5): comma-separated, trimmed, empties dropped. The server checks
// each is an IP address or CIDR range and answers with the list it kept.

const fields = ['ips'] as const;

export function AllowedIpsCard({ client }: { client: User }) {
  const save = useClientChange(client._id, (ips: string[]) =>
    clientCalls.allowedIps(client._id, ips),
  );
  const current = client.security.allowedIps;
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<{ ips: string }>({
    fields,
    defaultValues: { ips: current.join(', ') },
    submit: async ({ ips }) => {
      const saved = await save.mutateAsync(splitIpList(ips));
      const count = saved.security.allowedIps.length;
      return {
        title: 'Saved',
        text: count
          ? `${count} allowed IP${count === 1 ? '' : 's'} saved.`
          : 'Allowed IPs cleared.',
      };
    },
  });
  const { register } = form;
  const { isDirty } = form.formState;

  return (
    <SectionCard
      id="allowed-ips"
      title="Allowed IPs"
      description="Only these addresses may use this account. Leave empty to allow any address."
    >
      <div className="mb-4">
        {current.length === 0 ? (
          <NoIpsChip />
        ) : (
          <ul className="flex flex-wrap gap-1.5" aria-label="Current allowed IPs">
            {current.map((ip) => (
              <li key={ip}>
                <Badge tone="slate">{ip}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Allowed IPs"
          hint="Comma-separated, e.g. 203.0.113.7, 198.51.100.0/24"
          autoComplete="off"
          spellCheck={false}
          disabled={isSubmitting}
          error={errors.ips?.message}
          {...register('ips')}
        />
        <FormFooter alert={alert}>
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Saving…' : 'Save allowed IPs'}
          </Button>
        </FormFooter>
      </form>
    </SectionCard>
  );
}
