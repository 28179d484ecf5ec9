import type { ChipTone } from './client-format.ts';
import { statusLabel, statusTone } from './client-format.ts';

const tones: Record<ChipTone | 'slate', string> = {
  green: 'bg-green-50 text-green-800 ring-green-600/30',
  blue: 'bg-brand-50 text-brand-800 ring-brand-600/30',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

export function Chip({ tone, children }: { tone: ChipTone | 'slate'; children: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/** The subscription status chip of the client list and detail (SPEC §4 colours). */
export function StatusChip({ status }: { status: string }) {
  return <Chip tone={statusTone(status)}>{statusLabel(status)}</Chip>;
}

/** Shown when a client has no allowed IPs, i.e. may sign in from anywhere. */
export function NoIpsChip() {
  return <Chip tone="amber">No IPs set</Chip>;
}
