import { zodResolver } from '@hookform/resolvers/zod';
import { PASSKEY_NAME_MAX, type RenamePasskey, RenamePasskeySchema } from '#shared/passkeys.ts';
import { TextField } from '#web/components/field.tsx';
import { FormAlert } from '#web/components/form-alert.tsx';
import { FormDialogFooter } from '#web/components/form-dialog-footer.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { PasskeyError } from '#web/lib/passkeys.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';

// The name of a passkey, asked when adding one (then the device makes it) and when
// renaming. Rendered only while open, so each opening starts from `initialName`.

const fields = ['name'] as const;
const formId = 'passkey-name-form';

export function PasskeyNameDialog({
  title,
  description,
  initialName,
  submitLabel,
  busyLabel,
  onSubmit,
  onClose,
}: {
  title: string;
  description: string;
  initialName: string;
  submitLabel: string;
  busyLabel: string;
  /** Saves the name; a PasskeyError (the device said no) is shown on the form. */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const {
    form,
    onSubmit: submit,
    alert,
    failure,
    errors,
    isSubmitting,
  } = useApiForm<RenamePasskey>({
    resolver: zodResolver(RenamePasskeySchema),
    fields,
    defaultValues: { name: initialName },
    submit: async ({ name }) => {
      try {
        await onSubmit(name);
      } catch (error) {
        if (!(error instanceof PasskeyError)) throw error;
        failure.showMessage(error.message);
      }
    },
  });

  const close = () => {
    if (!isSubmitting) onClose();
  };

  return (
    <ModalDialog
      open
      title={title}
      description={description}
      onClose={close}
      size="md"
      footer={
        <FormDialogFooter formId={formId} busy={isSubmitting} onCancel={close}>
          {isSubmitting ? busyLabel : submitLabel}
        </FormDialogFooter>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <fieldset disabled={isSubmitting}>
          <TextField
            label="Passkey name"
            hint="Only you see it: say where the passkey lives, such as “Work laptop”."
            autoComplete="off"
            maxLength={PASSKEY_NAME_MAX}
            error={errors.name?.message}
            {...form.register('name')}
          />
        </fieldset>
        <FormAlert alert={alert} />
      </form>
    </ModalDialog>
  );
}
