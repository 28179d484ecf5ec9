import type { ReactNode } from 'react';

// A small rounded label for statuses (SPEC §4 chips: active green, trialing blue, others
// amber). One palette for the whole app.

export type BadgeTone = 'green' | 'blue' | 'amber' | 'red' | 'slate';

const tones: Record<BadgeTone, string> = {
  green: 'bg-green-50 text-green-800 ring-green-600/30',
  blue: 'bg-brand-50 text-brand-800 ring-brand-600/30',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  red: 'bg-red-50 text-red-800 ring-red-600/30',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
