import { useEffect } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Register, RegisterInput } from '#shared/auth.ts';
import { paths } from '#shared/paths.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { CheckboxField, TextField } from '#web/components/field.tsx';
import { Required, RequiredNote } from '#web/components/required.tsx';
import { nextPathIn } from '#web/lib/login-next.ts';
import { setSession } from '#web/lib/session.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { useHydratedSearch } from '#web/lib/use-hydrated-search.ts';
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
  const { search } = useLocation();
  // Arriving from an invite (/register?invite=<token>): the account joins that team.
  const [searchParams] = useSearchParams();
  const inviteToken = searchParams.get('invite') || null;
  const invite = useInvitePreview(inviteToken);
  // A member works in the owner's company: theirs is not asked for. Decided once the page
  // has hydrated: the pre-rendered form was made without the invitation.
  const invitedHere = new URLSearchParams(useHydratedSearch()).has('invite');
  const joiningTeam = invitedHere && invite.state !== 'failed';
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
        companyName: joining ? '' : (values.companyName ?? ''),
        companyCode: joining ? '' : (values.companyCode ?? ''),
        ...(joining ? { inviteToken: joining } : {}),
      });
      setSession(session);
      // A new team member starts where the team's work is; others go where they were going.
      navigate(joining ? paths.clientProcesses : (nextPathIn(search) ?? paths.client));
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
        {joiningTeam ? null : (
          <CompanyFields
            nameField={register('companyName')}
            codeField={register('companyCode')}
            errors={{ name: errors.companyName?.message, code: errors.companyCode?.message }}
          />
        )}
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

/**
 * The company's name and its code, both optional (SPEC §2 Register). "Company code" means
 * nothing to someone signing up, so the hint says what it is and that it may stay empty.
 */
function CompanyFields({
  nameField,
  codeField,
  errors,
}: {
  nameField: UseFormRegisterReturn;
  codeField: UseFormRegisterReturn;
  errors: { name?: string; code?: string };
}) {
  return (
    <>
      <TextField
        label="Company name"
        optional
        autoComplete="organization"
        error={errors.name}
        {...nameField}
      />
      <TextField
        label="Company code"
        optional
        hint="A reference we gave your company, for example on a quote or an invoice, so we can link this account to it. Leave it empty if you have none."
        error={errors.code}
        {...codeField}
      />
    </>
  );
}
