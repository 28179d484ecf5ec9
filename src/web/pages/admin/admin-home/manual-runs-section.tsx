import { useMutation, useQueryClient } from '@tanstack/react-query';
import { manualRunsApi } from '#shared/api/manual-runs.ts';
import type { AttentionItem } from '#shared/attention.ts';
import { Button } from '#web/components/button.tsx';
import { callApi } from '#web/lib/call-api.ts';
import { failureMessage } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { ItemRow, SectionFrame } from './item-section.tsx';
import { attentionQuery } from './today-api.ts';
import { sectionTitles } from './today-text.ts';

// Clients asking for manual runs: each answered here with one click, which switches them
// on, closes the request and mails the client. The client's name opens their entitlements.

function TurnOnButton({ item }: { item: AttentionItem }) {
  const queryClient = useQueryClient();
  const grant = useMutation({
    mutationFn: () => callApi(manualRunsApi.grant, { params: { id: item.id } }),
    onSuccess: ({ message }) => toast({ title: 'Manual runs on', text: message, tone: 'success' }),
    onError: (error) =>
      toast({ title: 'Not turned on', text: failureMessage(error), tone: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attentionQuery().queryKey }),
  });
  return (
    <Button
      size="sm"
      className="whitespace-nowrap"
      onClick={() => grant.mutate()}
      disabled={grant.isPending}
      aria-label={`Turn on manual runs for ${item.title}`}
    >
      {grant.isPending ? 'Turning on…' : 'Turn on manual runs'}
    </Button>
  );
}

export function ManualRunsSection({
  section,
}: {
  section: { total: number; items: AttentionItem[] };
}) {
  return (
    <SectionFrame
      id="manualRuns"
      title={sectionTitles.manualRuns}
      total={section.total}
      shown={section.items.length}
    >
      {section.items.map((item) => (
        <ItemRow key={item.id} item={item} badge={<TurnOnButton item={item} />} />
      ))}
    </SectionFrame>
  );
}
