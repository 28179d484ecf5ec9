import { type ApiToken, shownPrefix } from '#shared/api-tokens.ts';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';

// The person's API tokens, one row each: the name they gave it, its first characters, when
// it was made, when it expires and was last used, and Revoke (unless they may not change
// them). The secret itself is never here: it was shown once, when made.

export function ApiTokenList({
  tokens,
  onRevoke,
}: {
  tokens: ApiToken[];
  /** Absent while the list is read-only. */
  onRevoke?: (token: ApiToken) => void;
}) {
  return (
    <ul
      className="divide-y divide-slate-200 rounded-lg border border-slate-200"
      aria-label="Your API tokens"
    >
      {tokens.map((token) => (
        <li
          key={token.id}
          className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium break-words text-slate-900">{token.name}</span>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
                {shownPrefix(token.prefix)}
              </code>
              {token.expired ? <Badge tone="amber">Expired</Badge> : null}
            </p>
            {/* Each date on its own line when the row is narrow, never split inside. */}
            <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-600">
              <span>
                Created <time dateTime={token.createdAt}>{formatDate(token.createdAt)}</time>
              </span>
              <span>
                {token.expired ? 'Expired' : 'Expires'}{' '}
                <time dateTime={token.expiresAt}>{formatDate(token.expiresAt)}</time>
              </span>
              <span>
                {token.lastUsedAt ? (
                  <>
                    Last used{' '}
                    <time dateTime={token.lastUsedAt}>{formatDateTime(token.lastUsedAt)}</time>
                  </>
                ) : (
                  'Never used'
                )}
              </span>
            </p>
          </div>
          {onRevoke ? (
            <div className="shrink-0">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onRevoke(token)}
                aria-label={`Revoke ${token.name}`}
              >
                Revoke
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
