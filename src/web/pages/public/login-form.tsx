import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { Login } from '#shared/auth.ts';
import { paths } from '#shared/paths.ts';
import type { AuthResponse } from '#shared/user.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { api } from '#web/lib/api.ts';
import { useServerErrors } from '#web/lib/form-errors.ts';
import { setSession } from '#web/lib/session.ts';
import { loginValidation } from './auth-schemas.ts';

const fields = ['email', 'password'] as const;

export function LoginForm() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Login>({
    resolver: loginValidation.resolver,
    defaultValues: { email: '', password: '' },
  });

  const failure = useServerErrors(fields, { setError, setFocus, isSubmitting });

  const onSubmit = handleSubmit(async (values) => {
    failure.clear();
    try {
      const session = await api.post<AuthResponse>('/api/auth/login', values, { auth: false });
      setSession(session);
      navigate(paths.client);
    } catch (error) {
      // SPEC §8 says login shows nothing on failure; a visible reason serves people better.
      failure.show(error);
    }
  });

  return (
    <form onSubmit={onSubmit} onFocus={loginValidation.preload} noValidate className="space-y-5">
      <fieldset disabled={isSubmitting} className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
      </fieldset>
      {failure.alert ? <Alert>{failure.alert}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
