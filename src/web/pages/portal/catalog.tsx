import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Catalog';
const description = 'Browse ready-made workflow templates and request access to the ones you need.';

export const meta = () => pageMeta(title, description);

export default function CatalogPage() {
  return <PageHeader title={title} description={description} />;
}
