import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '#shared/dates.ts';
import { Button } from '#web/components/button.tsx';
import { CopyLink } from '#web/components/copy-link.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { mailQuery } from './outbox-api.ts';

// One message in full: who it is for, its subject and text, and any link in it with a
// Copy button, so a message that was never delivered can be passed on by hand.

const LINK = /https?:\/\/[^\s<>"]+/g;

export function MailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const mail = useQuery(mailQuery(id));
  return (
    <ModalDialog
      open
      size="lg"
      title={mail.data?.subject ?? 'Message'}
      description={
        mail.data ? `To ${mail.data.to} · queued ${formatDateTime(mail.data.createdAt)}` : undefined
      }
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <QueryState
        query={mail}
        loading="Loading the message…"
        failed="The message could not be loaded"
      >
        {(data) => {
          const links = [...new Set(data.text.match(LINK) ?? [])];
          return (
            <div className="space-y-4">
              {links.map((link) => (
                <CopyLink
                  key={link}
                  label="Link in this message"
                  copyLabel="Copy link"
                  link={link}
                />
              ))}
              <pre className="max-h-96 overflow-auto rounded-lg bg-slate-50 p-4 font-sans text-sm break-words whitespace-pre-wrap text-slate-800">
                {data.text}
              </pre>
            </div>
          );
        }}
      </QueryState>
    </ModalDialog>
  );
}
