import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'My Processes';
const description = 'Run your automation workflows and see what each one does.';

export const meta = () => pageMeta(title, description);

export default function ProcessesPage() {
  return <PageHeader title={title} description={description} />;
}
