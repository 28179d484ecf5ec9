import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Passkey, passkeyMessages } from '#shared/passkeys.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { KeyIcon } from '#web/components/icons.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { saveFailureText } from '#web/lib/failure-text.ts';
import { useIsImpersonating } from '#web/lib/impersonation.ts';
import { createPasskey, passkeysSupported } from '#web/lib/passkeys.ts';
import { toast } from '#web/lib/toast.ts';
import { twoFactorStatusKey } from '#web/lib/two-factor-status.ts';
import { PasskeyList } from './passkey-list.tsx';
import { suggestedPasskeyName } from './passkey-name.ts';
import { PasskeyNameDialog } from './passkey-name-dialog.tsx';
import { settingsCalls, settingsKeys } from './settings-api.ts';
import { SettingsSection } from './settings-section.tsx';

// Passkeys on Profile (docs/decisions/020-passkeys.md): add one (named first, then made by
// the device), rename, remove after a confirmation. A passkey also meets the two-factor
// rule for administrators, so the two-factor status is refreshed with the list.

type Naming = { kind: 'add' } | { kind: 'rename'; passkey: Passkey };

export function PasskeysCard({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: settingsKeys.passkeys(userId),
    queryFn: ({ signal }) => settingsCalls.passkeys(signal),
  });
  const impersonating = useIsImpersonating();
  const supported = passkeysSupported();
  const [naming, setNaming] = useState<Naming | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () =>
    Promise.all(
      [settingsKeys.passkeys(userId), twoFactorStatusKey(userId)].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  const done = async (text: string) => {
    setNaming(null);
    toast({ title: 'Success', text, tone: 'success' });
    await refresh();
  };

  const add = async (name: string) => {
    const response = await createPasskey(await settingsCalls.passkeyOptions());
    await settingsCalls.addPasskey({ name, response });
    await done(passkeyMessages.added);
  };

  const rename = (passkey: Passkey) => async (name: string) => {
    await settingsCalls.renamePasskey(passkey.id, { name });
    await done(passkeyMessages.renamed);
  };

  const remove = async (passkey: Passkey) => {
    setBusy(true);
    try {
      const { message } = await settingsCalls.removePasskey(passkey.id);
      setRemoving(null);
      toast({ title: 'Success', text: message, tone: 'success' });
      await refresh();
    } catch (error) {
      toast({ title: 'Error', text: saveFailureText(error), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const canChange = supported && !impersonating;
  const names = query.data?.passkeys.map((passkey) => passkey.name) ?? [];
  return (
    <SettingsSection
      id="passkeys"
      title="Passkeys"
      description="Sign in with your fingerprint, face or screen lock instead of a password. A passkey works only on this site, so it cannot be phished."
    >
      <QueryState query={query} loading="Loading…" failed="Passkeys could not be loaded">
        {({ passkeys }) => (
          <div className="space-y-4">
            {impersonating ? <Alert tone="info">{passkeyMessages.impersonating}</Alert> : null}
            {!supported ? <Alert tone="info">{passkeyMessages.unsupported}</Alert> : null}
            {passkeys.length > 0 ? (
              <PasskeyList
                passkeys={passkeys}
                onRename={
                  impersonating ? undefined : (passkey) => setNaming({ kind: 'rename', passkey })
                }
                onRemove={impersonating ? undefined : setRemoving}
              />
            ) : (
              <p className="text-sm text-slate-700">
                You have no passkeys yet. A passkey lives on your phone or computer, or in your
                password manager, and signs you in without your password or a code. It also counts
                as a second sign-in step wherever one is asked for.
              </p>
            )}
            {canChange ? (
              <Button onClick={() => setNaming({ kind: 'add' })}>
                <KeyIcon />
                Add a passkey
              </Button>
            ) : null}
          </div>
        )}
      </QueryState>
      {naming?.kind === 'add' ? (
        <PasskeyNameDialog
          title="Add a passkey"
          description="Name it, then follow your browser’s prompt to create it."
          initialName={suggestedPasskeyName(navigator.userAgent, names)}
          submitLabel="Create passkey"
          busyLabel="Waiting for your passkey…"
          onSubmit={add}
          onClose={() => setNaming(null)}
        />
      ) : null}
      {naming?.kind === 'rename' ? (
        <PasskeyNameDialog
          title="Rename passkey"
          description="A name helps you tell your passkeys apart."
          initialName={naming.passkey.name}
          submitLabel="Save name"
          busyLabel="Saving…"
          onSubmit={rename(naming.passkey)}
          onClose={() => setNaming(null)}
        />
      ) : null}
      <ConfirmModal
        open={removing !== null}
        title="Remove this passkey?"
        confirmLabel={busy ? 'Removing…' : 'Remove passkey'}
        busy={busy}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>
          <strong>{removing?.name}</strong> will no longer sign you in. You can also delete it from
          your device or password manager.
        </p>
      </ConfirmModal>
    </SettingsSection>
  );
}
