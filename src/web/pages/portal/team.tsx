import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Team';
const description =
  'Invite teammates, track pending invites and manage who can use your workflows.';

export const meta = () => pageMeta(title, description);

export default function TeamPage() {
  return <PageHeader title={title} description={description} />;
}
