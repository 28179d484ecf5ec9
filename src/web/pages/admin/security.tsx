import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Security';
const description = 'See your current IP address and set the one IP allowed into the admin panel.';

export const meta = () => pageMeta(title, description);

export default function AdminSecurityPage() {
  return <PageHeader title={title} description={description} />;
}
