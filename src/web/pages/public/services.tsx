import { pageMeta } from '#web/lib/meta.ts';
import { PublicPlaceholder } from './placeholder.tsx';

const title = 'Services';
const description =
  'Custom software, integrations, hosting, automation and support under one roof.';

export const meta = () => pageMeta(title, description);

export default function ServicesPage() {
  return <PublicPlaceholder title={title} description={description} />;
}
