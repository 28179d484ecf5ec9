import { zodResolver } from '@hookform/resolvers/zod';
import { CodeSchema } from '#shared/two-factor.ts';
import { TextField } from '#web/components/field.tsx';
import { FormAlert } from '#web/components/form-alert.tsx';
import { FormDialogFooter } from '#web/components/form-dialog-footer.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { settingsCalls } from './settings-api.ts';

// Turning two-factor off asks for a current code (or a recovery code), so a borrowed
// session alone cannot weaken the account.

const fields = ['code'] as const;
const formId = 'two-factor-off-form';

export function TwoFactorOffDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { form, onSubmit, alert, failure, errors, isSubmitting } = useApiForm<{ code: string }>({
    resolver: zodResolver(CodeSchema),
    fields,
    defaultValues: { code: '' },
    submit: async ({ code }) => {
      const { message } = await settingsCalls.disableTwoFactor(code);
      form.reset();
      onDone(message);
    },
  });
  const { register } = form;

  const close = () => {
    if (isSubmitting) return;
    form.reset();
    failure.clear();
    onClose();
  };

  return (
    <ModalDialog
      open={open}
      title="Turn off two-factor sign-in?"
      description="Your password alone will then be enough to sign in."
      onClose={close}
      size="md"
      footer={
        <FormDialogFooter formId={formId} busy={isSubmitting} onCancel={close} danger>
          {isSubmitting ? 'Turning off…' : 'Turn off'}
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <fieldset disabled={isSubmitting}>
          <TextField
            label="Authentication or recovery code"
            hint="The 6-digit code from your authenticator app, or one of your recovery codes."
            autoComplete="one-time-code"
            spellCheck={false}
            autoCapitalize="off"
            className="[&_input]:font-mono [&_input]:tracking-widest"
            error={errors.code?.message}
            {...register('code')}
          />
        </fieldset>
        <FormAlert alert={alert} />
      </form>
    </ModalDialog>
  );
}
