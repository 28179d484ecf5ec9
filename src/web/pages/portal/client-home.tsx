import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { brand } from '#shared/brand.ts';
import { paths } from '#shared/paths.ts';
import { buttonClass } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import {
  ArrowRightIcon,
  CalendarIcon,
  CardIcon,
  ExternalIcon,
  LifebuoyIcon,
  WorkflowIcon,
} from '#web/components/icons.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { useAccount } from '#web/lib/account.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { OverviewSection } from './client-home/overview-section.tsx';
import { ServiceReportCard } from './client-home/service-report-card.tsx';

export const meta = () =>
  pageMeta('Client Portal', 'Run workflows, manage schedules and handle billing.');

const shortcuts: {
  to: string;
  title: string;
  text: string;
  Icon: ComponentType<{ className?: string }>;
}[] = [
  {
    to: paths.clientProcesses,
    title: 'Processes',
    text: 'Run and view workflows',
    Icon: WorkflowIcon,
  },
  {
    to: paths.clientScheduler,
    title: 'Scheduler',
    text: 'Create and manage schedules',
    Icon: CalendarIcon,
  },
  { to: paths.billing, title: 'Billing', text: 'Manage subscription and invoices', Icon: CardIcon },
];

export default function ClientHomePage() {
  return (
    <>
      <PageHeader
        title="Client Portal"
        description="Run your workflows, schedule them and manage your subscription."
      />
      <OverviewSection />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {shortcuts.map(({ to, title, text, Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-300 hover:shadow-md"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="size-5" />
              </span>
              <span className="mt-4 flex items-center gap-2 text-base font-semibold text-slate-900">
                {title}
                <ArrowRightIcon className="size-4 text-slate-500 transition group-hover:translate-x-0.5 group-hover:text-brand-700" />
              </span>
              <span className="mt-1 text-sm text-slate-600">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <ServiceReportCard />
      <NeedHelp />
    </>
  );
}

/**
 * Need Help? (SPEC §2): the help desk at HELPDESK_URL in a new tab; without one, the
 * contact page, which every consultancy has.
 */
function NeedHelp() {
  const { account } = useAccount();
  const helpdesk = account?.helpdeskUrl ?? null;
  const label = (
    <>
      Open Support Portal
      {helpdesk ? (
        <>
          <ExternalIcon className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </>
      ) : null}
    </>
  );
  const className = buttonClass('secondary', 'md', 'shrink-0');
  return (
    <Card className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700">
          <LifebuoyIcon className="size-5" />
        </span>
        <div>
          <h2 className="text-base font-semibold text-slate-900">Need Help?</h2>
          <p className="mt-1 text-sm text-slate-600">
            {helpdesk
              ? 'Open a ticket or follow up on one in our support portal.'
              : 'Write to us and we will get back to you.'}{' '}
            {brand.responseTime}.
          </p>
        </div>
      </div>
      {helpdesk ? (
        <a href={helpdesk} target="_blank" rel="noopener noreferrer" className={className}>
          {label}
        </a>
      ) : (
        <Link to={paths.contact} className={className}>
          {label}
        </Link>
      )}
    </Card>
  );
}
