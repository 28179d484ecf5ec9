import { useRef, useState } from 'react';
import { Button } from '#web/components/button.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { DocumentsPanel } from './legal/documents-panel.tsx';
import { DraftsCard } from './legal/drafts-card.tsx';
import { EstimatorCard } from './legal/estimator-card.tsx';
import { FieldsCard } from './legal/fields-card.tsx';
import { PricingGuideModal } from './legal/pricing-guide-modal.tsx';
import { QuickDefaultsModal } from './legal/quick-defaults-modal.tsx';
import { TemplateLibrary } from './legal/template-library.tsx';
import { useLegalSuite } from './legal/use-legal-suite.ts';

const title = 'Legal Suite';
const description =
  'Generate agreements and policies from templates, estimate pricing and export documents.';

export const meta = () => pageMeta(title, description);

// SPEC §2 Legal suite: three columns on wide screens (library; fields and estimator;
// previews), two on laptops with the previews below, one on phones.

export default function AdminLegalPage() {
  const documentsHeading = useRef<HTMLHeadingElement>(null);
  const suite = useLegalSuite({
    // After the previews render: bring them into view and tell screen readers where we are.
    onGenerated: () => requestAnimationFrame(() => documentsHeading.current?.focus()),
  });
  const [modal, setModal] = useState<'guide' | 'defaults' | null>(null);
  const close = () => setModal(null);

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            <Button variant="secondary" onClick={() => setModal('guide')}>
              Pricing guide
            </Button>
            <Button variant="secondary" onClick={() => setModal('defaults')}>
              Quick Defaults
            </Button>
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] xl:grid-cols-[15rem_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <TemplateLibrary
            selectedIds={suite.selectedIds}
            onToggle={suite.toggleTemplate}
            onClear={suite.clearSelection}
          />
          <DraftsCard suite={suite} />
        </div>
        <div className="min-w-0 space-y-6">
          <FieldsCard suite={suite} />
          <EstimatorCard suite={suite} />
        </div>
        <div className="min-w-0 lg:col-span-2 xl:col-span-1">
          <DocumentsPanel suite={suite} headingRef={documentsHeading} />
        </div>
      </div>
      <PricingGuideModal open={modal === 'guide'} onClose={close} />
      <QuickDefaultsModal open={modal === 'defaults'} onClose={close} />
    </>
  );
}
