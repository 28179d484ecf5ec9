import { useId, useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import type { Enquiry } from '#shared/enquiries.ts';
import { websiteHref } from './enquiries-api.ts';
import { EnquiryPrivacyActions } from './privacy-actions.tsx';

const PREVIEW = 180;

function Detail({ term, value }: { term: string; value: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className={`mt-0.5 break-words ${value ? 'text-slate-900' : 'text-slate-500'}`}>
        {value ?? 'Not given'}
      </dd>
    </div>
  );
}

/** One enquiry: who, when, what they asked about, and the message (expandable). */
export function EnquiryCard({ enquiry }: { enquiry: Enquiry }) {
  const [open, setOpen] = useState(false);
  const messageId = useId();
  const long = enquiry.message.length > PREVIEW;
  const shown = open || !long ? enquiry.message : `${enquiry.message.slice(0, PREVIEW).trimEnd()}…`;

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="text-base font-semibold text-slate-900">{enquiry.name}</h2>
        <div className="flex items-center gap-2">
          <time dateTime={enquiry.createdAt} className="text-sm text-slate-600">
            {formatDateTime(enquiry.createdAt)}
          </time>
          <EnquiryPrivacyActions enquiry={enquiry} />
        </div>
      </div>
      <a
        href={`mailto:${enquiry.email}`}
        className="text-sm font-medium break-all text-brand-700 hover:underline"
      >
        {enquiry.email}
      </a>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm lg:grid-cols-4">
        <Detail term="Company" value={enquiry.company} />
        <Detail term="Interest" value={enquiry.interest} />
        <Detail term="Budget" value={enquiry.budget} />
        <Detail term="Timeline" value={enquiry.timeline} />
      </dl>
      <div className="mt-4 rounded-lg bg-slate-50 p-4">
        <p id={messageId} className="text-sm whitespace-pre-wrap break-words text-slate-800">
          {shown}
        </p>
        {open ? (
          <dl className="mt-4 grid grid-cols-2 gap-4 border-t border-slate-200 pt-4 text-sm lg:grid-cols-4">
            <Detail term="Phone" value={enquiry.phone} />
            <div className="min-w-0">
              <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                Website
              </dt>
              <dd className="mt-0.5 break-all">
                {enquiry.website ? (
                  <a
                    href={websiteHref(enquiry.website)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand-700 hover:underline"
                  >
                    {enquiry.website}
                  </a>
                ) : (
                  <span className="text-slate-500">Not given</span>
                )}
              </dd>
            </div>
            <Detail term="Team size" value={enquiry.teamSize} />
            <Detail term="Heard about us" value={enquiry.referral} />
          </dl>
        ) : null}
        <button
          type="button"
          className="mt-3 rounded text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
          aria-expanded={open}
          aria-controls={messageId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Show less' : long ? 'Show full message and details' : 'Show details'}
        </button>
      </div>
    </li>
  );
}
