import type { ReactNode } from 'react';
import { brand } from '#shared/brand.ts';
import { MailIcon, MapPinIcon, PhoneIcon } from '#web/components/icons.tsx';
import type { LegalBlock, LegalDocument, LegalSection } from '#web/content/legal.ts';

// The layout of the privacy policy, terms of service and accessibility statement: a
// title band with the revision date, a table of contents, then the sections.

function ContactDetails() {
  return (
    <ul className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-700">
      <li className="flex gap-3">
        <MailIcon className="mt-1 size-4 shrink-0 text-brand-700" />
        <a href={`mailto:${brand.email}`} className="break-all text-brand-700 underline">
          {brand.email}
        </a>
      </li>
      <li className="flex gap-3">
        <PhoneIcon className="mt-1 size-4 shrink-0 text-brand-700" />
        <a href={brand.phoneHref} className="text-brand-700 underline">
          {brand.phone}
        </a>
      </li>
      <li className="flex gap-3">
        <MapPinIcon className="mt-1 size-4 shrink-0 text-brand-700" />
        <span>
          {brand.name}, {brand.location}
        </span>
      </li>
    </ul>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('contact' in block) return <ContactDetails />;
  if ('lead' in block)
    return (
      <p>
        <strong className="font-semibold text-slate-900">{block.lead}</strong> {block.text}
      </p>
    );
  return (
    <ul className="list-disc space-y-1.5 pl-6 marker:text-slate-500">
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const heading = (section: LegalSection, number: number | null) =>
  number === null ? section.title : `${number}. ${section.title}`;

export function LegalPage({
  document,
  extra,
  numbered = true,
  actions,
}: {
  document: LegalDocument;
  /** An unnumbered section after the numbered ones (the terms' Contact). */
  extra?: LegalSection;
  numbered?: boolean;
  actions: ReactNode;
}) {
  const sections = [
    ...document.sections.map((section, index) => ({
      section,
      label: heading(section, numbered ? index + 1 : null),
    })),
    ...(extra ? [{ section: extra, label: extra.title }] : []),
  ];
  return (
    <>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {document.title}
          </h1>
          <p className="mt-4 text-sm font-medium text-slate-600">
            Last updated: <time dateTime={document.updatedIso}>{document.updated}</time>
          </p>
          <p className="mt-6 text-lg text-slate-700">{document.intro}</p>
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <nav aria-label="Contents" className="rounded-xl border border-slate-200 p-5">
          <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Contents</h2>
          <ol className="mt-3 gap-x-6 text-sm sm:columns-2">
            {sections.map(({ section, label }) => (
              <li key={section.id} className="mb-1.5 break-inside-avoid">
                <a href={`#${section.id}`} className="text-brand-700 hover:underline">
                  {label}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map(({ section, label }) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="mt-10"
          >
            <h2
              id={`${section.id}-title`}
              className="text-2xl font-bold tracking-tight text-slate-900"
            >
              {label}
            </h2>
            <div className="mt-4 space-y-4 text-base leading-7 text-slate-700">
              {section.blocks.map((block, index) => (
                // Blocks are static text in a fixed order.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Block key={index} block={block} />
              ))}
            </div>
          </section>
        ))}
        <div className="mt-12 flex flex-wrap gap-3 border-t border-slate-200 pt-8">{actions}</div>
      </div>
    </>
  );
}
