import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { MergeFieldInput } from './merge-field-input.tsx';
import type { LegalSuite } from './use-legal-suite.ts';

// Column two, top: one form with the merged fields of every selected template, and the
// Generate button. With nothing selected Generate still answers, with the notice of
// SPEC §8, so the admin learns what is missing.

export function FieldsCard({ suite }: { suite: LegalSuite }) {
  const { merged, selectedIds } = suite;
  const waiting = selectedIds.length > 0 && merged.loading;

  return (
    <Card className="p-4 sm:p-5">
      <form
        noValidate
        aria-labelledby="legal-fields-heading"
        onSubmit={(event) => {
          event.preventDefault();
          suite.onGenerate();
        }}
      >
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="legal-fields-heading" className="text-base font-semibold text-slate-900">
            Document fields
          </h2>
          {merged.fields.length > 0 ? (
            <p className="text-sm text-slate-600">{merged.fields.length} fields</p>
          ) : null}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Filled from your organization defaults where set. An empty field prints as [Label].
        </p>

        <div className="mt-4">
          {selectedIds.length === 0 ? (
            <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">
              Select one or more templates to see their fields.
            </p>
          ) : merged.error ? (
            <Alert title="Fields could not be loaded">
              <p>{merged.error.message}</p>
              <Button variant="secondary" size="sm" className="mt-3" onClick={merged.retry}>
                Try again
              </Button>
            </Alert>
          ) : waiting && merged.fields.length === 0 ? (
            <Spinner label="Loading fields…" />
          ) : (
            <div className="@container">
              {/* Keeps a focused field clear of the sticky Generate bar below. */}
              <div className="grid gap-4 @lg:grid-cols-2 [&_input]:scroll-mb-24 [&_select]:scroll-mb-24 [&_textarea]:scroll-mb-24">
                {merged.fields.map((field) => (
                  <MergeFieldInput
                    key={field.name}
                    field={field}
                    value={suite.fieldValue(field.name)}
                    onChange={(value) => suite.setValue(field.name, value)}
                  />
                ))}
              </div>
            </div>
          )}
        </div>

        <div className="sticky bottom-0 -mx-4 mt-5 -mb-4 sm:-mb-5 flex flex-wrap items-center justify-end gap-3 rounded-b-xl border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-5 sm:px-5">
          {waiting ? <Spinner className="size-4" label="Loading fields…" /> : null}
          <Button type="submit" disabled={suite.generating || waiting}>
            {suite.generating ? 'Generating…' : 'Generate documents'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
