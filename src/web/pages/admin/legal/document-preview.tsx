import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import type { ExportFormat, GeneratedDocument } from '#shared/legal.ts';
import { parseDocument } from '#shared/legal-document.ts';
import { Button } from '#web/components/button.tsx';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { downloadExport } from './legal-api.ts';

// One generated document: its text drawn with the structure the exports keep (headings,
// paragraphs, bullets; see legal-document.ts) and buttons to download it as PDF or DOCX.

function DocumentBody({ content }: { content: string }) {
  return (
    <div className="space-y-3 text-sm leading-relaxed text-slate-800">
      {parseDocument(content).map((block, index) => {
        // Blocks have no identity beyond their place in a document that never reorders.
        const key = `${block.type}-${index}`;
        switch (block.type) {
          case 'title':
            return (
              <h4 key={key} className="text-center text-base font-bold text-slate-900">
                {block.text}
              </h4>
            );
          case 'heading':
            return (
              <h5 key={key} className="pt-2 font-semibold text-slate-900">
                {block.text}
              </h5>
            );
          case 'subheading':
            return (
              <h6 key={key} className="font-semibold text-slate-800">
                {block.text}
              </h6>
            );
          case 'bullet':
            return (
              <p
                key={key}
                className="relative pl-5 before:absolute before:left-1.5 before:content-['•']"
              >
                {block.text}
              </p>
            );
          default:
            return (
              <p key={key} className="break-words whitespace-pre-line">
                {block.lines.join('\n')}
              </p>
            );
        }
      })}
    </div>
  );
}

const formats: { format: ExportFormat; label: string }[] = [
  { format: 'pdf', label: 'PDF' },
  { format: 'docx', label: 'DOCX' },
];

export function DocumentPreview({ document }: { document: GeneratedDocument }) {
  const headingId = useId();
  const exporting = useMutation({
    mutationFn: (format: ExportFormat) => downloadExport(format, document),
    onSuccess: (_, format) =>
      toast({
        title: 'Exported',
        text: `${document.name} downloaded as ${format.toUpperCase()}.`,
        tone: 'success',
      }),
    onError: (error) => notifyFailure(error, { failed: 'Export failed', network: 'Export error' }),
  });

  return (
    <article aria-labelledby={headingId}>
      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
          <h3 id={headingId} className="min-w-0 text-sm font-semibold text-slate-900">
            {document.name}
          </h3>
          <div className="flex items-center gap-2">
            <span className="text-xs text-slate-600">Export</span>
            {formats.map(({ format, label }) => (
              <Button
                key={format}
                variant="secondary"
                size="sm"
                disabled={exporting.isPending}
                aria-label={`Export ${document.name} as ${label}`}
                onClick={() => exporting.mutate(format)}
              >
                {exporting.isPending && exporting.variables === format ? '…' : label}
              </Button>
            ))}
          </div>
        </div>
        <section
          aria-label={`Preview of ${document.name}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be read
          tabIndex={0}
          className="max-h-[32rem] overflow-y-auto px-4 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 sm:px-6"
        >
          <DocumentBody content={document.content} />
        </section>
      </div>
    </article>
  );
}
