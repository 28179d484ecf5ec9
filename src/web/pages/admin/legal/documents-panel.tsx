import { type FormEvent, type Ref, useState } from 'react';
import { legalMessages } from '#shared/legal.ts';
import { Button } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import { TextField } from '#web/components/field.tsx';
import { DocumentPreview } from './document-preview.tsx';
import type { LegalSuite } from './use-legal-suite.ts';

// Column three: the generated documents with their previews and exports, and the form
// that saves them as a draft (POST /api/legal/drafts) with the estimate.

function SaveDraftForm({ suite }: { suite: LegalSuite }) {
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!suite.draftClientName.trim()) {
      setError(legalMessages.clientNameRequired);
      event.currentTarget.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    setError(null);
    suite.saveDraft.mutate();
  };
  return (
    <Card className="p-4 sm:p-5">
      <form noValidate onSubmit={onSubmit} aria-labelledby="legal-save-draft-heading">
        <h3 id="legal-save-draft-heading" className="text-sm font-semibold text-slate-900">
          Save as draft
        </h3>
        <p className="mt-1 text-xs text-slate-600">
          Keeps these documents with the estimate ({suite.result.band?.name ?? 'no band'}, score{' '}
          {suite.result.score}) to reopen later.
        </p>
        <fieldset disabled={suite.saveDraft.isPending} className="mt-3 grid gap-3 sm:grid-cols-2">
          <TextField
            label="Client"
            value={suite.draftClientName}
            error={error ?? undefined}
            onChange={(event) => {
              setError(null);
              suite.setDraftNames((names) => ({ ...names, clientName: event.target.value }));
            }}
          />
          <TextField
            label="Project"
            optional
            value={suite.draftProjectName}
            onChange={(event) =>
              suite.setDraftNames((names) => ({ ...names, projectName: event.target.value }))
            }
          />
        </fieldset>
        <div className="mt-3 flex justify-end">
          <Button type="submit" disabled={suite.saveDraft.isPending}>
            {suite.saveDraft.isPending ? 'Saving…' : 'Save draft'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function DocumentsPanel({
  suite,
  headingRef,
}: {
  suite: LegalSuite;
  /** Focus moves here after generating, so the previews come into view (phones). */
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const count = suite.documents.length;
  return (
    <section aria-labelledby="legal-documents-heading" className="space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2
          id="legal-documents-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold text-slate-900 focus:outline-none"
        >
          Documents
        </h2>
        {count > 0 ? <p className="text-sm text-slate-600">{count} generated</p> : null}
      </div>
      {count === 0 ? (
        <Card className="p-4 text-center text-sm text-slate-600 sm:p-5">
          Generated documents appear here for preview, export and saving as a draft.
        </Card>
      ) : (
        <>
          {suite.documents.map((document) => (
            <DocumentPreview key={document.templateId} document={document} />
          ))}
          <SaveDraftForm suite={suite} />
        </>
      )}
    </section>
  );
}
