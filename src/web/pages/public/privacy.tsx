import { pageMeta } from '#web/lib/meta.ts';
import { PublicPlaceholder } from './placeholder.tsx';

const title = 'Privacy Policy';
const description = 'How we collect, use and protect your information.';

export const meta = () => pageMeta(title, description);

export default function PrivacyPage() {
  return <PublicPlaceholder title={title} description={description} />;
}
