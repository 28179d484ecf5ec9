import type { OutboxStatus } from '#shared/outbox.ts';
import type { BadgeTone } from '#web/components/badge.tsx';
import type { FilterOption } from '#web/components/segmented-filter.tsx';

// The Outbox's two lists (e-mail, webhook notices) name and colour their states alike.

export const statusFilters: FilterOption<OutboxStatus | 'all'>[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Waiting' },
  { value: 'failed', label: 'Failed' },
  { value: 'sent', label: 'Sent' },
];
export const statusTones: Record<OutboxStatus, BadgeTone> = {
  pending: 'amber',
  failed: 'red',
  sent: 'green',
};
export const statusLabels: Record<OutboxStatus, string> = {
  pending: 'Waiting',
  failed: 'Failed',
  sent: 'Sent',
};

/** "3 attempts", or nothing before the first. */
export const attemptsText = (attempts: number) =>
  attempts > 0 ? ` · ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}` : '';
