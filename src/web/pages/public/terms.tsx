import { pageMeta } from '#web/lib/meta.ts';
import { PublicPlaceholder } from './placeholder.tsx';

const title = 'Terms of Service';
const description = 'The terms that govern the use of our website and services.';

export const meta = () => pageMeta(title, description);

export default function TermsPage() {
  return <PublicPlaceholder title={title} description={description} />;
}
