import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { buttonClass } from './button.tsx';
import { Card } from './card.tsx';

// The screen a portal feature shows when the account's plan does not include it
// (SPEC §2 Team and Catalog): the exact gate text and a way to upgrade on /billing.

export function UpgradeNotice({ message }: { message: string }) {
  return (
    <Card className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-base font-medium text-slate-900">{message}</p>
      <Link to={paths.billing} className={buttonClass('primary', 'md', 'shrink-0')}>
        Upgrade your plan
      </Link>
    </Card>
  );
}
