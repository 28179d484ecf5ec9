import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { AdminAllowedIpSchema, type SecurityState, securityMessages } from '#shared/security.ts';
import { Button } from '#web/components/button.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { TextField } from '#web/components/field.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { toast } from '#web/lib/toast.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { notifyLockFailure } from './notify.ts';
import { securityCalls, useLockChange } from './security-api.ts';

// Sets the one allowed admin IP (SPEC §2 Security, §5, §8). An address other than the
// caller's own locks this very browser out, so that needs a second, explicit yes.

interface Values {
  ip: string;
}

export function LockForm({ state }: { state: SecurityState }) {
  const save = useLockChange(securityCalls.lock);
  const [pending, setPending] = useState<string | null>(null);
  const lock = async (ip: string) => {
    try {
      const saved = await save.mutateAsync(ip);
      setPending(null);
      toast({
        title: 'Saved',
        text: `The admin area is locked to ${saved.allowedIp}.`,
        tone: 'success',
      });
    } catch (error) {
      setPending(null);
      notifyLockFailure(error);
    }
  };

  // `lock` tells its own failure (SPEC §8 Admin IP), so nothing reaches the form's.
  const { form, onSubmit, errors } = useApiForm<Values>({
    resolver: zodResolver(AdminAllowedIpSchema),
    fields: [],
    defaultValues: { ip: state.allowedIp ?? '' },
    submit: ({ ip }) => (ip === state.ip ? lock(ip) : setPending(ip)),
    onInvalid: (invalid) => {
      toast({
        title: securityMessages.validationTitle,
        text: invalid.ip?.message ?? securityMessages.required,
        tone: 'error',
      });
    },
  });
  const { register, setValue, setFocus } = form;

  return (
    <SectionCard
      id="allowed-ip"
      title="Allowed admin IP"
      description="Once set, only requests from this address can use the admin panel. Client accounts are not affected."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Allowed admin IP">
        <TextField
          label="Allowed IP"
          hint="One IPv4 or IPv6 address, e.g. 203.0.113.7"
          autoComplete="off"
          spellCheck={false}
          disabled={save.isPending}
          error={errors.ip?.message}
          {...register('ip')}
        />
        <div className="mt-5 flex flex-wrap justify-between gap-3">
          <Button
            variant="secondary"
            disabled={save.isPending}
            onClick={() => {
              setValue('ip', state.ip, { shouldValidate: true, shouldDirty: true });
              setFocus('ip');
            }}
          >
            Use my IP
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save allowed IP'}
          </Button>
        </div>
      </form>
      <ConfirmModal
        open={pending !== null}
        title="Lock out this browser?"
        confirmLabel={`Lock to ${pending ?? ''}`}
        busy={save.isPending}
        onConfirm={() => pending && lock(pending)}
        onCancel={() => setPending(null)}
      >
        <p>
          {pending} is not your current address ({state.ip}). After saving, the admin area will
          refuse this browser, including this page.
        </p>
        <p className="mt-2">
          To undo it you need a request from {pending}, or a server restart with{' '}
          <code className="rounded bg-slate-100 px-1">ADMIN_IP_LOCK_RESET=true</code>.
        </p>
      </ConfirmModal>
    </SectionCard>
  );
}
