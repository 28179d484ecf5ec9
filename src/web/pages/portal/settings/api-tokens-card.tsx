import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type ApiToken, apiTokenMessages, type CreatedApiToken } from '#shared/api-tokens.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { saveFailureText } from '#web/lib/failure-text.ts';
import { useIsImpersonating } from '#web/lib/impersonation.ts';
import { toast } from '#web/lib/toast.ts';
import { ApiTokenForm } from './api-token-form.tsx';
import { ApiTokenList } from './api-token-list.tsx';
import { ApiTokenUsage } from './api-token-usage.tsx';
import { settingsCalls, settingsKeys } from './settings-api.ts';
import { SettingsSection } from './settings-section.tsx';

// Personal API tokens on Profile (docs/decisions/025-personal-api-tokens.md): make one,
// copy its secret while it is shown (once), see when each was last used, revoke one after
// a confirmation. An admin testing as the client sees why they cannot.

export function ApiTokensCard({ userId }: { userId: string }) {
  const impersonating = useIsImpersonating();
  return (
    <SettingsSection
      id="api-tokens"
      title="API tokens"
      description="Start your workflows from your own software, such as a button in your CRM or a nightly job, with the same plan rules and run history as this portal."
    >
      {impersonating ? (
        <Alert tone="info">{apiTokenMessages.impersonating}</Alert>
      ) : (
        <ApiTokens userId={userId} />
      )}
    </SettingsSection>
  );
}

function ApiTokens({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: settingsKeys.apiTokens(userId),
    queryFn: ({ signal }) => settingsCalls.apiTokens(signal),
  });
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.apiTokens(userId) });

  const onCreated = async (answer: CreatedApiToken) => {
    setCreated(answer);
    await refresh();
  };

  const revoke = async (token: ApiToken) => {
    setBusy(true);
    try {
      const { message } = await settingsCalls.revokeApiToken(token.id);
      setRevoking(null);
      if (created?.token.id === token.id) setCreated(null);
      toast({ title: 'Success', text: message, tone: 'success' });
      await refresh();
    } catch (error) {
      toast({ title: 'Error', text: saveFailureText(error), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-6">
      {created ? <NewSecret created={created} onDone={() => setCreated(null)} /> : null}
      <QueryState
        query={query}
        loading="Loading API tokens…"
        failed="API tokens could not be loaded"
      >
        {({ tokens }) =>
          tokens.length > 0 ? (
            <ApiTokenList tokens={tokens} onRevoke={setRevoking} />
          ) : (
            <p className="text-sm text-slate-700">
              You have no API tokens yet. Create one for each program that starts your workflows, so
              you can revoke one without stopping the others.
            </p>
          )
        }
      </QueryState>
      <ApiTokenForm onCreated={onCreated} />
      <div className="border-t border-slate-200 pt-5">
        <ApiTokenUsage secret={created?.secret} />
      </div>
      <ConfirmModal
        open={revoking !== null}
        title="Revoke this API token?"
        confirmLabel={busy ? 'Revoking…' : 'Revoke token'}
        busy={busy}
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(null)}
      >
        <p>
          Software using <strong>{revoking?.name}</strong> can no longer list processes or start
          runs; its calls are refused at once. This cannot be undone.
        </p>
      </ConfirmModal>
    </div>
  );
}

/** The secret of the token just made, shown this once with a way to copy it. */
function NewSecret({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied('yes');
    } catch {
      // No clipboard permission: the field stays selectable.
      setCopied('no');
    }
  };
  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm text-amber-900">
        <strong className="font-semibold">Copy your new token now.</strong> It will not be shown
        again: only a fingerprint of it is kept. Store it where your software keeps its secrets.
      </p>
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
          New token “{created.token.name}”
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={id}
            readOnly
            value={created.secret}
            onFocus={(event) => event.currentTarget.select()}
            className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
          />
          <Button type="button" onClick={copy} className="shrink-0">
            Copy token
          </Button>
        </div>
        <p className="mt-1.5 text-sm text-slate-700" aria-live="polite">
          {copied === 'yes'
            ? 'Copied to the clipboard.'
            : copied === 'no'
              ? 'Could not copy automatically: select the token and copy it.'
              : null}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}
