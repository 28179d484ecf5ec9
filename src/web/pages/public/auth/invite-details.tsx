import { formatLongDateTime } from '#shared/dates.ts';
import type { InvitePreview } from '#shared/team.ts';

// What the invitation is: who sent it, which team, which role, for which address and
// until when (SPEC §3 Team invite).

export function InviteDetails({ preview }: { preview: InvitePreview }) {
  const rows: [string, string][] = [
    ['Invited by', preview.inviterName],
    [
      'Team',
      preview.companyName ? `${preview.companyName} (${preview.ownerName})` : preview.ownerName,
    ],
    ['Role', preview.role === 'admin' ? 'Admin' : 'Member'],
    ['For', preview.inviteeEmail],
    ['Expires', formatLongDateTime(preview.expiresAt)],
  ];
  return (
    <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex flex-col gap-0.5 px-4 py-2.5 sm:flex-row sm:gap-4">
          <dt className="shrink-0 font-medium text-slate-600 sm:w-24">{term}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
