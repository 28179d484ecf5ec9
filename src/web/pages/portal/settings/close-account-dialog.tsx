import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { paths } from '#shared/paths.ts';
import { type CloseAccountInput, CloseAccountSchema } from '#shared/privacy.ts';
import { retention } from '#shared/retention.ts';
import { TextField } from '#web/components/field.tsx';
import { FormAlert } from '#web/components/form-alert.tsx';
import { FormDialogFooter } from '#web/components/form-dialog-footer.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { clearSession } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { settingsCalls } from './settings-api.ts';

// Closing the account asks for the password again: a borrowed, unlocked laptop must not be
// enough. The server has ended every session by the time it answers, so this browser
// forgets its own and goes to the home page.

const fields = ['password'] as const;
const formId = 'close-account-form';

export function CloseAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { form, onSubmit, alert, failure, errors, isSubmitting } = useApiForm<CloseAccountInput>({
    resolver: zodResolver(CloseAccountSchema),
    fields,
    defaultValues: { password: '' },
    submit: async ({ password }) => {
      const { message } = await settingsCalls.closeAccount(password);
      clearSession();
      toast({ title: 'Account closed', text: message, tone: 'success' });
      navigate(paths.home);
    },
  });

  const close = () => {
    if (isSubmitting) return;
    form.reset();
    failure.clear();
    onClose();
  };

  return (
    <ModalDialog
      open={open}
      title="Close your account?"
      description="This cannot be undone from the portal."
      onClose={close}
      size="md"
      footer={
        <FormDialogFooter
          formId={formId}
          busy={isSubmitting}
          onCancel={close}
          cancelLabel="Keep my account"
          danger
        >
          {isSubmitting ? 'Closing…' : 'Close account'}
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <ul className="mb-5 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>Your subscription is cancelled now; nothing more is charged.</li>
          <li>You and your team are signed out and can no longer sign in.</li>
          <li>Your schedules stop and no workflow runs for this account again.</li>
          <li>
            After {retention.closedAccountDays} days everything is erased; invoices stay for tax
            records with the company name only.
          </li>
        </ul>
        <fieldset disabled={isSubmitting}>
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
        </fieldset>
        <FormAlert alert={alert} />
      </form>
    </ModalDialog>
  );
}
