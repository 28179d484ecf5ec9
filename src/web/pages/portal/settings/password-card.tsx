import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordForm, ChangePasswordFormSchema } from '#shared/password.ts';
import type { User } from '#shared/user.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { saveFailureText } from '#web/lib/failure-text.ts';
import { setSession } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { settingsCalls } from './settings-api.ts';
import { FormFooter, SettingsSection } from './settings-section.tsx';

// Change password (SPEC §5: "Passwords do not match." when the confirmation differs or
// the new one is empty; the length rule is the server's). The server ends every other
// session and answers a new token, which replaces this tab's one so it stays signed in.

const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function PasswordCard({ user }: { user: User }) {
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    fields,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    submit: async ({ currentPassword, newPassword }) => {
      const { message, token } = await settingsCalls.changePassword({
        currentPassword,
        newPassword,
      });
      setSession({ token, user });
      form.reset();
      return { title: 'Success', text: message };
    },
    onFailure: (error) => toast({ title: 'Error', text: saveFailureText(error), tone: 'error' }),
  });
  const { register } = form;

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
        {alert ? (
          <div className="mt-5">
            <Alert>{alert}</Alert>
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
