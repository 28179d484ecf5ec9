import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ChangePasswordForm, ChangePasswordFormSchema } from '#shared/password.ts';
import type { User } from '#shared/user.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { useServerErrors } from '#web/lib/form-errors.ts';
import { setSession } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { failureText, settingsCalls } from './settings-api.ts';
import { FormFooter, SettingsSection } from './settings-section.tsx';

// Change password (SPEC §5: "Passwords do not match." when the confirmation differs or
// the new one is empty; the length rule is the server's). The server ends every other
// session and answers a new token, which replaces this tab's one so it stays signed in.

const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function PasswordCard({ user }: { user: User }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const failure = useServerErrors(fields, { setError, setFocus, isSubmitting });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    failure.clear();
    try {
      const { message, token } = await settingsCalls.changePassword({
        currentPassword,
        newPassword,
      });
      setSession({ token, user });
      reset();
      toast({ title: 'Success', text: message, tone: 'success' });
    } catch (error) {
      failure.show(error);
      toast({ title: 'Error', text: failureText(error), tone: 'error' });
    }
  });

  return (
    <SettingsSection
      id="password"
      title="Change password"
      description="You stay signed in here; every other device is signed out."
    >
      <form onSubmit={onSubmit} noValidate>
        {/* A hidden username lets password managers file the new password correctly. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={user.email}
          readOnly
          hidden
        />
        <fieldset disabled={isSubmitting} className="space-y-5">
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters with upper- and lowercase letters and a number."
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </fieldset>
        {failure.alert ? (
          <div className="mt-5">
            <Alert>{failure.alert}</Alert>
          </div>
        ) : null}
        <FormFooter>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Changing…' : 'Change password'}
          </Button>
        </FormFooter>
      </form>
    </SettingsSection>
  );
}
