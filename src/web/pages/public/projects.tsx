import { pageMeta } from '#web/lib/meta.ts';
import { PublicPlaceholder } from './placeholder.tsx';

const title = 'Projects';
const description = 'Selected work: marketplaces, data platforms and mobile apps we have shipped.';

export const meta = () => pageMeta(title, description);

export default function ProjectsPage() {
  return <PublicPlaceholder title={title} description={description} />;
}
