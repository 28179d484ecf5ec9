import { pageMeta } from '#web/lib/meta.ts';
import { PublicPlaceholder } from './placeholder.tsx';

const title = 'Contact Us';
const description = 'Tell us about your project and we will reply the same business day.';

export const meta = () => pageMeta(title, description);

export default function ContactPage() {
  return <PublicPlaceholder title={title} description={description} contactButton={false} />;
}
