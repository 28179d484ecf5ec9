import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  type CatalogRequestStatus,
  type CatalogTemplate,
  catalogMessages,
} from '#shared/catalog.ts';
import { paths } from '#shared/paths.ts';
import { Badge, type BadgeTone } from '#web/components/badge.tsx';
import { Button, ButtonLink } from '#web/components/button.tsx';
import { failureMessage } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { processAnchor } from '../shared/process-anchor.ts';
import { requestAccess, templatesKey } from './catalog-api.ts';

// One template (SPEC §2 Catalog): name, description or "No description", tags and
// Request Access. A pending request shows its status instead of a second request; an
// approved one leads to the process it created; a declined one may be asked for again.

const statuses: Record<
  CatalogRequestStatus,
  { badge: string; tone: BadgeTone; button: string; canAsk: boolean }
> = {
  requested: { badge: 'Pending', tone: 'amber', button: 'Requested', canAsk: false },
  approved: { badge: 'Approved', tone: 'green', button: 'Open the process', canAsk: false },
  declined: { badge: 'Declined', tone: 'red', button: 'Request Again', canAsk: true },
};

/** An approved template: the way to its process, or who sets it up when none was made. */
function ApprovedAction({
  processId,
  describedBy,
}: {
  processId: string | null;
  describedBy: string;
}) {
  if (!processId) {
    return (
      <p className="text-sm text-slate-700">Approved: we will be in touch to set it up with you.</p>
    );
  }
  return (
    <ButtonLink
      variant="secondary"
      to={`${paths.clientProcesses}#${processAnchor(processId)}`}
      aria-describedby={describedBy}
    >
      Open the process
    </ButtonLink>
  );
}

export function TemplateCard({ template }: { template: CatalogTemplate }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const status = template.requestStatus ? statuses[template.requestStatus] : null;

  const ask = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await requestAccess(template._id);
      queryClient.setQueryData<CatalogTemplate[]>(templatesKey, (list) =>
        list?.map((t) =>
          t._id === template._id
            ? { ...t, requestStatus: result.request.status, declineReason: null, processId: null }
            : t,
        ),
      );
      toast({ title: 'Requested', text: result.message, tone: 'success' });
    } catch (error) {
      // SPEC §8 gives no failure notice; say it beside the button instead of nowhere.
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {template.name}
        </h2>
        {status ? (
          <Badge tone={status.tone}>
            <span className="sr-only">Request status: </span>
            {status.badge}
          </Badge>
        ) : null}
      </div>
      <p
        className={`mt-2 flex-1 text-sm ${template.description ? 'text-slate-600' : 'text-slate-500 italic'}`}
      >
        {template.description || catalogMessages.noDescription}
      </p>
      {template.requestStatus === 'declined' && template.declineReason ? (
        <div className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">Why we declined</p>
          <p className="mt-1 break-words whitespace-pre-line">{template.declineReason}</p>
        </div>
      ) : null}
      {template.tags.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Tags">
          {template.tags.map((tag) => (
            <li key={tag}>
              <Badge tone="slate">{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-5">
        {template.requestStatus === 'approved' ? (
          <ApprovedAction processId={template.processId} describedBy={headingId} />
        ) : (
          // A quiet button on every card: a page of them reads as choices, not alarms.
          <Button
            variant="secondary"
            disabled={busy || (status ? !status.canAsk : false)}
            onClick={ask}
            aria-describedby={headingId}
          >
            {busy ? 'Requesting…' : (status?.button ?? 'Request Access')}
          </Button>
        )}
        {failure ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {failure}
          </p>
        ) : null}
      </div>
    </article>
  );
}
