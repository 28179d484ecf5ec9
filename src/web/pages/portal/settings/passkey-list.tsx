import { formatDate, formatDateTime } from '#shared/dates.ts';
import type { Passkey } from '#shared/passkeys.ts';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { KeyIcon } from '#web/components/icons.tsx';

// The person's passkeys, one row each: the name they gave it, when it was added and last
// used, and (unless they may not change them) Rename and Remove.

export function PasskeyList({
  passkeys,
  onRename,
  onRemove,
}: {
  passkeys: Passkey[];
  /** Absent while the list is read-only (an admin testing as the client). */
  onRename?: (passkey: Passkey) => void;
  onRemove?: (passkey: Passkey) => void;
}) {
  return (
    <ul
      className="divide-y divide-slate-200 rounded-lg border border-slate-200"
      aria-label="Your passkeys"
    >
      {passkeys.map((passkey) => (
        <li
          key={passkey.id}
          className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex min-w-0 items-start gap-3">
            <span className="mt-0.5 shrink-0 rounded-lg bg-brand-50 p-2 text-brand-700">
              <KeyIcon />
            </span>
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-words text-slate-900">{passkey.name}</span>
                {passkey.synced ? <Badge tone="blue">Synced</Badge> : null}
              </p>
              {/* Each date on its own line when the row is narrow, never split inside. */}
              <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-600">
                <span>
                  Added <time dateTime={passkey.createdAt}>{formatDate(passkey.createdAt)}</time>
                </span>
                <span>
                  {passkey.lastUsedAt ? (
                    <>
                      Last used{' '}
                      <time dateTime={passkey.lastUsedAt}>
                        {formatDateTime(passkey.lastUsedAt)}
                      </time>
                    </>
                  ) : (
                    'Not used yet'
                  )}
                </span>
              </p>
            </div>
          </div>
          {onRename && onRemove ? (
            <div className="flex shrink-0 gap-2 pl-12 sm:pl-0">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onRename(passkey)}
                aria-label={`Rename ${passkey.name}`}
              >
                Rename
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onRemove(passkey)}
                aria-label={`Remove ${passkey.name}`}
              >
                Remove
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
