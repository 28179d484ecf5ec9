import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CodeSchema } from '#shared/two-factor.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { useServerErrors } from '#web/lib/form-errors.ts';
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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({
    resolver: zodResolver(CodeSchema),
    defaultValues: { code: '' },
  });
  const failure = useServerErrors(fields, { setError, setFocus, isSubmitting });

  const close = () => {
    if (isSubmitting) return;
    reset();
    failure.clear();
    onClose();
  };

  const onSubmit = handleSubmit(async ({ code }) => {
    failure.clear();
    try {
      const { message } = await settingsCalls.disableTwoFactor(code);
      reset();
      onDone(message);
    } catch (error) {
      failure.show(error);
    }
  });

  return (
    <ModalDialog
      open={open}
      title="Turn off two-factor sign-in?"
      description="Your password alone will then be enough to sign in."
      onClose={close}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={isSubmitting}>
            {isSubmitting ? 'Turning off…' : 'Turn off'}
          </Button>
        </>
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
        {failure.alert ? (
          <div className="mt-4">
            <Alert>{failure.alert}</Alert>
          </div>
        ) : null}
      </form>
    </ModalDialog>
  );
}
