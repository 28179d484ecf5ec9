import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type TwoFactorSetup, twoFactorMessages } from '#shared/two-factor.ts';
import { Alert } from '#web/components/alert.tsx';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { saveFailureText } from '#web/lib/failure-text.ts';
import { useIsImpersonating } from '#web/lib/impersonation.ts';
import { toast } from '#web/lib/toast.ts';
import { twoFactorStatusKey, twoFactorStatusQuery } from '#web/lib/two-factor-status.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { settingsCalls } from './settings-api.ts';
import { SettingsSection } from './settings-section.tsx';
import { TwoFactorOffDialog } from './two-factor-off-dialog.tsx';
import { TwoFactorSetupPanel } from './two-factor-setup.tsx';

// Two-factor sign-in with an authenticator app: off → setup (QR code and key, confirmed
// with a code) → the ten recovery codes, shown once → on. Turning it off takes a code.

/** Below this many unused recovery codes the card suggests making new ones. */
const LOW_RECOVERY_CODES = 3;

export function TwoFactorCard({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const key = twoFactorStatusKey(userId);
  const query = useQuery(twoFactorStatusQuery(userId));
  const impersonating = useIsImpersonating();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [starting, setStarting] = useState(false);
  // Shown once, right after turning on; kept here so a status refetch cannot hide them.
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await settingsCalls.beginTwoFactor());
    } catch (error) {
      toast({ title: 'Error', text: saveFailureText(error), tone: 'error' });
    } finally {
      setStarting(false);
    }
  };

  const enabled = query.data?.enabled ?? false;
  return (
    <SettingsSection
      id="two-factor"
      title="Two-factor sign-in"
      description="Ask for a code from an authenticator app on your phone after your password."
      actions={
        query.data ? (
          <Badge tone={enabled ? 'green' : 'slate'}>{enabled ? 'On' : 'Off'}</Badge>
        ) : null
      }
    >
      <QueryState query={query} loading="Loading…" failed="Two-factor status could not be loaded">
        {(status) => {
          if (codes) {
            return (
              <RecoveryCodes
                codes={codes}
                onDone={() => {
                  setCodes(null);
                  void refresh();
                }}
              />
            );
          }
          if (impersonating) return <Alert tone="info">{twoFactorMessages.impersonating}</Alert>;
          if (setup && !status.enabled) {
            return (
              <TwoFactorSetupPanel
                setup={setup}
                onCancel={() => setSetup(null)}
                onEnabled={(recoveryCodes) => {
                  setSetup(null);
                  setCodes(recoveryCodes);
                  void refresh();
                }}
              />
            );
          }
          if (status.enabled) {
            const low = status.recoveryCodesLeft <= LOW_RECOVERY_CODES;
            return (
              <div className="space-y-4">
                <p className="text-sm text-slate-700">
                  Two-factor sign-in is on. You have{' '}
                  <strong>{status.recoveryCodesLeft} of 10 recovery codes</strong> left.
                </p>
                {low ? (
                  <Alert tone="info">
                    You are running out of recovery codes. Turn two-factor sign-in off and on again
                    to get ten new ones.
                  </Alert>
                ) : null}
                <Button variant="secondary" onClick={() => setTurningOff(true)}>
                  Turn off two-factor sign-in
                </Button>
                <TwoFactorOffDialog
                  open={turningOff}
                  onClose={() => setTurningOff(false)}
                  onDone={(message) => {
                    setTurningOff(false);
                    toast({ title: 'Success', text: message, tone: 'success' });
                    void refresh();
                  }}
                />
              </div>
            );
          }
          return (
            <div className="space-y-4">
              {status.required ? (
                <Alert tone="info" title="Required for administrators">
                  {twoFactorMessages.required}
                </Alert>
              ) : null}
              <p className="text-sm text-slate-700">
                With it on, someone who learns your password still cannot sign in without your
                phone. Any authenticator app works, such as Google Authenticator, Microsoft
                Authenticator or 1Password.
              </p>
              <Button onClick={start} disabled={starting}>
                {starting ? 'Starting…' : 'Turn on two-factor sign-in'}
              </Button>
            </div>
          );
        }}
      </QueryState>
    </SettingsSection>
  );
}
