import { pageMeta } from '#web/lib/meta.ts';
import { PublicPlaceholder } from './placeholder.tsx';

const title = 'Accessibility';
const description = 'Our commitment to an accessible website, and how to tell us about a barrier.';

export const meta = () => pageMeta(title, description);

export default function AccessibilityPage() {
  return <PublicPlaceholder title={title} description={description} />;
}
