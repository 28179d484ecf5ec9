import type { Account } from '#shared/account.ts';
import { Card } from '#web/components/card.tsx';
import { CardIcon } from '#web/components/icons.tsx';

// A team member works in the owner's account but cannot pay for it (DESIGN §1: only the
// owner manages billing), so they see who does instead of calls that would answer 403.

export function MemberNotice({ account }: { account: Account }) {
  const { owner } = account;
  const who = owner.companyName ? `${owner.name} (${owner.companyName})` : owner.name;
  return (
    <Card className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700">
        <CardIcon className="size-5" />
      </span>
      <div className="min-w-0">
        <h2 className="text-base font-semibold text-slate-900">
          Billing is managed by the account owner
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {who} manages the plan, payments and invoices of this account. Your team is on the{' '}
          <strong className="font-semibold text-slate-900">{account.plan}</strong> plan. Ask the
          owner if you need a different plan.
        </p>
      </div>
    </Card>
  );
}
