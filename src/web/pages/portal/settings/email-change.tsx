import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { emailVerificationApi } from '#shared/api/email-verification.ts';
import {
  type ChangeEmail,
  type ChangeEmailInput,
  ChangeEmailSchema,
} from '#shared/email-verification.ts';
import { VERIFY_LINK_TTL_HOURS } from '#shared/email-verification-text.ts';
import type { User } from '#shared/user.ts';
import { Alert } from '#web/components/alert.tsx';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { callApi } from '#web/lib/call-api.ts';
import { failureMessage } from '#web/lib/failure-text.ts';
import { useIsImpersonating } from '#web/lib/impersonation.ts';
import { toast } from '#web/lib/toast.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';

// The address on Profile, and changing it. A new address is used only once the link
// sent to it is opened, so the old one keeps working until then; the old address is told
// of the change as well.

const pendingKey = (userId: string) => ['settings', 'email-change', userId] as const;

export function EmailDetails({ user }: { user: User }) {
  const testing = useIsImpersonating();
  const [editing, setEditing] = useState(false);
  const pending = useQuery({
    queryKey: pendingKey(user._id),
    queryFn: ({ signal }) => callApi(emailVerificationApi.pendingChange, {}, { signal }),
  });
  const waiting = pending.data?.pendingEmail ?? null;
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-2">
        <span className="break-all">{user.email}</span>
        {user.emailVerified === false ? <Badge tone="amber">Not verified</Badge> : null}
      </p>
      {waiting ? <PendingChange user={user} pendingEmail={waiting} /> : null}
      {editing ? (
        <ChangeEmailForm user={user} onClose={() => setEditing(false)} />
      ) : testing ? null : (
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
          {waiting ? 'Use another address' : 'Change email'}
        </Button>
      )}
    </div>
  );
}

function PendingChange({ user, pendingEmail }: { user: User; pendingEmail: string }) {
  const queryClient = useQueryClient();
  const testing = useIsImpersonating();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      const { message } = await callApi(emailVerificationApi.cancelChange);
      toast({ title: 'Change cancelled', text: message, tone: 'success' });
    } catch (error) {
      toast({ title: 'Error', text: failureMessage(error), tone: 'error' });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: pendingKey(user._id) });
    }
  };
  return (
    <Alert tone="info" title="Waiting for the new address">
      <p>
        We sent a link to <strong className="break-all">{pendingEmail}</strong>. Your address stays{' '}
        <strong className="break-all">{user.email}</strong> until the link is opened; it works for{' '}
        {VERIFY_LINK_TTL_HOURS} hours.
      </p>
      {testing ? null : (
        <Button variant="secondary" size="sm" className="mt-3" onClick={cancel} disabled={busy}>
          Cancel the change
        </Button>
      )}
    </Alert>
  );
}

const fields = ['email', 'currentPassword'] as const;

function ChangeEmailForm({ user, onClose }: { user: User; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<ChangeEmailInput, ChangeEmail>(
    {
      resolver: zodResolver(ChangeEmailSchema),
      fields,
      defaultValues: { email: '', currentPassword: '' },
      submit: async (body) => {
        const { message } = await callApi(emailVerificationApi.requestChange, { body });
        await queryClient.invalidateQueries({ queryKey: pendingKey(user._id) });
        onClose();
        return { title: 'Link sent', text: message };
      },
    },
  );
  const { register } = form;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 p-4"
    >
      <fieldset disabled={isSubmitting} className="space-y-4">
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          hint="We send a link there. Your address changes only when the link is opened."
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      </fieldset>
      {alert ? <Alert>{alert}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send the link'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
