import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Profile';
const description = 'Review your account, set organization defaults and change your password.';

export const meta = () => pageMeta(title, description);

export default function SettingsPage() {
  return <PageHeader title={title} description={description} />;
}
