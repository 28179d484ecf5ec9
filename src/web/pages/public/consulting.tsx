import { pageMeta } from '#web/lib/meta.ts';
import { PublicPlaceholder } from './placeholder.tsx';

const title = 'Technology Consulting';
const description = 'Technology strategy, assessments and AI planning from engineers who build.';

export const meta = () => pageMeta(title, description);

export default function ConsultingPage() {
  return <PublicPlaceholder title={title} description={description} />;
}
