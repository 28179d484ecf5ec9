import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { passwordResetApi } from '#shared/api/password-reset.ts';
import { ResetPasswordSchema } from '#shared/clients.ts';
import { displayName } from '#shared/display-name.ts';
import { passwordMessages } from '#shared/password.ts';
import type { User } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { CopyLink } from '#web/components/copy-link.tsx';
import { TextField } from '#web/components/field.tsx';
import { FormFooter, SectionCard } from '#web/components/section-card.tsx';
import { callApi } from '#web/lib/call-api.ts';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { clientCalls } from '../shared/clients-api.ts';

// Reset password: checked with the shared password rules, then confirmed, because the
// client's current password stops working and every session of theirs ends.

const fields = ['newPassword'] as const;

/** A one-time reset link: e-mailed with SMTP, otherwise shown here to copy. */
function ResetLink({ client }: { client: User }) {
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    try {
      const sent = await callApi(passwordResetApi.adminLink, { params: { id: client._id } });
      setLink(sent.resetLink);
      toast({
        title: sent.emailed ? 'Link sent' : 'Link created',
        text: sent.message,
        tone: 'success',
      });
    } catch (error) {
      notifyFailure(error, { failed: 'Failed', network: 'Failed' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-5 border-t border-slate-200 pt-5">
      <p className="text-sm text-slate-600">
        Or let the client choose a new password with a one-time link (valid one hour).
      </p>
      <Button variant="secondary" className="mt-3" onClick={make} disabled={busy}>
        {busy ? 'Making the link…' : 'Send a reset link'}
      </Button>
      {link ? (
        <div className="mt-4">
          <CopyLink label="Reset link" copyLabel="Copy reset link" link={link} />
        </div>
      ) : null}
    </div>
  );
}

export function ResetPasswordCard({ client }: { client: User }) {
  // A closed account cannot sign in again: the server refuses a new password or link.
  if (client.closedAt) {
    return (
      <SectionCard id="reset-password" title="Reset password">
        <p className="text-sm text-slate-600">{passwordMessages.accountClosed}</p>
      </SectionCard>
    );
  }
  return <OpenAccountReset client={client} />;
}

function OpenAccountReset({ client }: { client: User }) {
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The form only checks the password; the request waits for the confirmation below.
  const { form, onSubmit, alert, errors, failure } = useApiForm<{ newPassword: string }>({
    resolver: zodResolver(ResetPasswordSchema),
    fields,
    busy,
    defaultValues: { newPassword: '' },
    submit: ({ newPassword }) => setPending(newPassword),
  });
  const { register, reset } = form;

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const { message } = await clientCalls.resetPassword(client._id, pending);
      reset();
      toast({ title: 'Password reset', text: message, tone: 'success' });
    } catch (error) {
      failure.show(error);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  return (
    <SectionCard
      id="reset-password"
      title="Reset password"
      description="Sets a new password and signs the client out everywhere."
    >
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters with upper- and lowercase letters and a number."
          disabled={busy}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <FormFooter alert={alert}>
          <Button type="submit" variant="secondary" disabled={busy}>
            Reset password
          </Button>
        </FormFooter>
      </form>
      <ResetLink client={client} />
      <ConfirmModal
        open={pending !== null}
        title="Reset this password?"
        confirmLabel={busy ? 'Resetting…' : 'Reset password'}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {displayName(client)} will need the new password to sign in and will be signed out on every
        device.
      </ConfirmModal>
    </SectionCard>
  );
}
