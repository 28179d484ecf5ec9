import { useState } from 'react';
import { PageHeader } from '#web/components/page-header.tsx';
import { TabSet } from '#web/components/tab-set.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { ExamplesTab } from './pricing/examples-tab.tsx';
import { ComplexityTab, OverviewTab, UsageTab } from './pricing/pricing-sections.tsx';

const title = 'Pricing Reference';
const description = 'Pricing by complexity and usage, with worked examples for quoting clients.';

export const meta = () => pageMeta(title, description);

const tabs = [
  { id: 'overview', label: 'Overview', content: <OverviewTab /> },
  { id: 'complexity', label: 'Complexity', content: <ComplexityTab /> },
  { id: 'usage', label: 'Usage', content: <UsageTab /> },
  { id: 'examples', label: 'Examples', content: <ExamplesTab /> },
];

export default function AdminPricingPage() {
  const [selected, setSelected] = useState('overview');
  return (
    <>
      <PageHeader title={title} description={description} />
      <TabSet label="Pricing reference" tabs={tabs} selected={selected} onSelect={setSelected} />
    </>
  );
}
