import { useQuery } from '@tanstack/react-query';
import { catalogMessages } from '#shared/catalog.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { UpgradeNotice } from '#web/components/upgrade-notice.tsx';
import { useAccount } from '#web/lib/account.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { templatesQuery } from './catalog/catalog-api.ts';
import { TemplateGrid } from './catalog/template-grid.tsx';

const title = 'Catalog';
const description = 'Browse ready-made workflow templates and request access to the ones you need.';

export const meta = () => pageMeta(title, description);

function Templates() {
  const templates = useQuery(templatesQuery());
  return (
    <QueryState
      query={templates}
      loading="Loading templates…"
      failed="Templates could not be loaded"
      isEmpty={(list) => list.length === 0}
      empty="No templates are available yet. Check back soon."
    >
      {(list) => <TemplateGrid templates={list} />}
    </QueryState>
  );
}

function CatalogScreen() {
  const { capabilities, isPending } = useAccount();
  // A team member works in the owner's plan: wait for it rather than guess from their own.
  if (isPending) return <Spinner label="Loading the catalog…" />;
  if (!capabilities.hasCatalogAccess) return <UpgradeNotice message={catalogMessages.notEnabled} />;
  return <Templates />;
}

export default function CatalogPage() {
  return (
    <>
      <PageHeader title={title} description={description} />
      <CatalogScreen />
    </>
  );
}
