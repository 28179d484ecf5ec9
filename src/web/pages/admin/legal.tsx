import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Legal Suite';
const description =
  'Generate agreements and policies from templates, estimate pricing and export documents.';

export const meta = () => pageMeta(title, description);

export default function AdminLegalPage() {
  return <PageHeader title={title} description={description} />;
}
