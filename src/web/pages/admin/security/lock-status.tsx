import { type ReactNode, useState } from 'react';
import type { SecurityState } from '#shared/security.ts';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { toast } from '#web/lib/toast.ts';
import { notifyLockFailure } from './notify.ts';
import { securityCalls, useLockChange } from './security-api.ts';

// The caller's address as the server sees it, and the lock now in force with a way to
// lift it.

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
        {children}
      </dd>
    </div>
  );
}

export function LockStatus({ state }: { state: SecurityState }) {
  const unlock = useLockChange(securityCalls.unlock);
  const [confirming, setConfirming] = useState(false);
  const remove = async () => {
    try {
      await unlock.mutateAsync(undefined);
      toast({
        title: 'Removed',
        text: 'The admin area is open to any address again.',
        tone: 'success',
      });
    } catch (error) {
      notifyLockFailure(error);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <SectionCard id="current" title="Current access">
      <dl className="-my-3 divide-y divide-slate-100">
        <Row term="Your IP address">
          <code className="font-mono text-base break-all">{state.ip}</code>
        </Row>
        <Row term="Admin IP lock">
          {state.allowedIp ? (
            <>
              <Badge tone="amber">Locked</Badge>
              <span>
                to <code className="font-mono break-all">{state.allowedIp}</code>
                {state.allowedIp === state.ip ? ' (your address)' : ''}
              </span>
            </>
          ) : (
            <>
              <Badge tone="slate">Not set</Badge>
              <span>any address may use the admin area</span>
            </>
          )}
        </Row>
      </dl>
      {state.allowedIp ? (
        <div className="mt-5 flex justify-end">
          <Button
            variant="secondary"
            onClick={() => setConfirming(true)}
            disabled={unlock.isPending}
          >
            Remove lock
          </Button>
        </div>
      ) : null}
      <ConfirmModal
        open={confirming}
        title="Remove the admin IP lock?"
        confirmLabel="Remove lock"
        busy={unlock.isPending}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      >
        Admins will be able to use the admin area from any address again.
      </ConfirmModal>
    </SectionCard>
  );
}
