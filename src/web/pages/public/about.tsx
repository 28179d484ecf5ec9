import { pageMeta } from '#web/lib/meta.ts';
import { PublicPlaceholder } from './placeholder.tsx';

const title = 'About Us';
const description = 'Who we are, what we do, and why businesses across the U.S. work with us.';

export const meta = () => pageMeta(title, description);

export default function AboutPage() {
  return <PublicPlaceholder title={title} description={description} />;
}
