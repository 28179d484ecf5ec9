import type { User } from '#shared/user.ts';
import { buttonClass } from '#web/components/button.tsx';
import { ExternalIcon } from '#web/components/icons.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { isLocalId } from '../shared/client-format.ts';
import { useCrmLinkBases } from '../shared/crm-links-api.ts';
import { appLinks } from './zoho-format.ts';

// Deep links into the CRM, subscriptions, books and desk apps for the selected client's
// saved ids (GET /api/zoho/crm-links + id, new tab). An app without an id says so instead of
// linking to an empty record.

export function QuickLinks({ client }: { client: User | null }) {
  const links = appLinks(client, useCrmLinkBases());
  const anyLocal = links.some(({ link }) => isLocalId(link?.id));
  return (
    <SectionCard
      id="crm-links"
      title="Quick links"
      description="Open this client's record in each app (saved ids only)."
    >
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {links.map(({ app, link }) => (
          <li key={app} className="flex items-center justify-between gap-3 px-3 py-2.5">
            <div className="min-w-0">
              <p className="text-sm font-semibold text-slate-900">{app}</p>
              <p className="truncate text-xs text-slate-600">{link ? link.id : 'No ID saved'}</p>
            </div>
            {link ? (
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass('secondary', 'sm', 'shrink-0')}
              >
                Open<span className="sr-only"> in {app} (opens in a new tab)</span>
                <ExternalIcon className="size-4" />
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      {anyLocal ? (
        <p className="mt-3 text-xs text-slate-600">
          Ids starting LC-, LCUS- or LSUB- come from local billing: the Zoho apps will not find
          them.
        </p>
      ) : null}
    </SectionCard>
  );
}
