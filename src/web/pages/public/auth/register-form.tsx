import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Register, RegisterInput } from '#shared/auth.ts';
import { paths } from '#shared/paths.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { CheckboxField, TextField } from '#web/components/field.tsx';
import { Required, RequiredNote } from '#web/components/required.tsx';
import { setSession } from '#web/lib/session.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { signUp } from './auth-api.ts';
import { registerValidation } from './auth-schemas.ts';
import { useInvitePreview } from './invite-api.ts';
import { RegisterInviteNotice } from './register-invite.tsx';

const fields = [
  'name',
  'email',
  'companyName',
  'companyCode',
  'password',
  'confirmPassword',
  'acceptedTOS',
] as const;

const inlineLink = 'font-semibold text-brand-700 underline hover:text-brand-800';

export function RegisterForm() {
  const navigate = useNavigate();
  // Arriving from an invite (/register?invite=<token>): the account joins that team.
  const [searchParams] = useSearchParams();
  const inviteToken = searchParams.get('invite') || null;
  const invite = useInvitePreview(inviteToken);
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<RegisterInput, Register>({
    resolver: registerValidation.resolver,
    fields,
    // SPEC §5: every message at once on submit, then each one follows its field's edits.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      name: '',
      email: '',
      companyName: '',
      companyCode: '',
      password: '',
      confirmPassword: '',
      acceptedTOS: false,
    },
    submit: async (values) => {
      // A dead link is said above the form; the account can still be created on its own.
      const joining = invite.state === 'failed' ? null : inviteToken;
      const session = await signUp({
        ...values,
        companyName: values.companyName ?? '',
        companyCode: values.companyCode ?? '',
        ...(joining ? { inviteToken: joining } : {}),
      });
      setSession(session);
      // A new team member starts where the team's work is.
      navigate(joining ? paths.clientProcesses : paths.client);
    },
  });
  const { register, setValue, getValues } = form;

  // The invitation was sent to one address and only that one can accept it.
  const invitedEmail = invite.state === 'ready' ? invite.preview.inviteeEmail : null;
  useEffect(() => {
    if (invitedEmail && !getValues('email')) setValue('email', invitedEmail);
  }, [invitedEmail, getValues, setValue]);

  // Posted, never a GET: a click before the page hydrates must put no password in an
  // address bar (server/http/page-forms.ts).
  return (
    <form
      method="post"
      onSubmit={onSubmit}
      onFocus={registerValidation.preload}
      noValidate
      className="space-y-5"
    >
      <RegisterInviteNotice invite={invite} />
      <RequiredNote className="" />
      <fieldset disabled={isSubmitting} className="space-y-5">
        <TextField
          label={<Required>Full name</Required>}
          autoComplete="name"
          error={errors.name?.message}
          aria-required
          {...register('name')}
        />
        <TextField
          label={<Required>Email</Required>}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          aria-required
          {...register('email')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Company name"
            optional
            autoComplete="organization"
            error={errors.companyName?.message}
            {...register('companyName')}
          />
          <TextField
            label="Company code"
            optional
            error={errors.companyCode?.message}
            {...register('companyCode')}
          />
        </div>
        <TextField
          label={<Required>Password</Required>}
          aria-required
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters with upper- and lowercase letters and a number."
          error={errors.password?.message}
          // Re-check the confirmation too, so "Passwords do not match" clears when fixed here.
          {...register('password', { deps: ['confirmPassword'] })}
        />
        <TextField
          label={<Required>Confirm password</Required>}
          aria-required
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <CheckboxField
          label={
            <>
              I accept the{' '}
              <Link to={paths.terms} className={inlineLink}>
                Terms of Service
              </Link>{' '}
              and the{' '}
              <Link to={paths.privacy} className={inlineLink}>
                Privacy Policy
              </Link>
              .
            </>
          }
          error={errors.acceptedTOS?.message}
          {...register('acceptedTOS')}
        />
      </fieldset>
      {alert ? <Alert>{alert}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  );
}
