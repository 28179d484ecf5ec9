import { describe, expect, it } from 'vitest';
import { authMessages, LoginSchema, RegisterSchema } from './auth.ts';

const valid = {
  name: 'Grace Hopper',
  email: 'Grace@Example.org',
  password: 'Cobol1959',
  confirmPassword: 'Cobol1959',
  acceptedTOS: true,
};

const errorsOf = (input: unknown) => {
  const result = RegisterSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
};

describe('RegisterSchema', () => {
  it('accepts a valid sign-up, lower-cases the email and drops blank optional fields', () => {
    const parsed = RegisterSchema.parse({ ...valid, companyName: '  ', companyCode: ' ACME ' });
    expect(parsed.email).toBe('grace@example.org');
    expect(parsed.companyName).toBeUndefined();
    expect(parsed.companyCode).toBe('ACME');
  });

  it('reports every failing rule together, with the messages of SPEC §5', () => {
    expect(
      errorsOf({
        name: 'Grace',
        email: 'grace@x',
        password: 'abc',
        confirmPassword: 'abd',
        acceptedTOS: false,
      }),
    ).toEqual({
      name: [authMessages.fullName],
      email: [authMessages.email],
      password: [authMessages.passwordLength, authMessages.passwordMix],
      confirmPassword: [authMessages.passwordsMatch],
      acceptedTOS: [authMessages.acceptTerms],
    });
  });

  it('asks for the confirmation when it is empty, even with the password empty too', () => {
    expect(errorsOf({ ...valid, password: '', confirmPassword: '' }).confirmPassword).toEqual([
      authMessages.confirmPassword,
    ]);
    expect(errorsOf({ ...valid, confirmPassword: '' }).confirmPassword).toEqual([
      authMessages.confirmPassword,
    ]);
  });

  it.each([
    ['one word', { name: 'Grace' }, 'name'],
    ['whitespace name', { name: '   ' }, 'name'],
    ['an email suffix of one letter', { email: 'a@b.c' }, 'email'],
    ['an email with a space', { email: 'a b@c.com' }, 'email'],
    ['seven characters', { password: 'Abcdef1', confirmPassword: 'Abcdef1' }, 'password'],
    ['no digit', { password: 'Abcdefgh', confirmPassword: 'Abcdefgh' }, 'password'],
    ['no upper case', { password: 'abcdefg1', confirmPassword: 'abcdefg1' }, 'password'],
    ['a different confirmation', { confirmPassword: 'Cobol1960' }, 'confirmPassword'],
    ['an empty confirmation', { confirmPassword: '' }, 'confirmPassword'],
    ['terms not ticked', { acceptedTOS: false }, 'acceptedTOS'],
  ])('refuses %s', (_name, change, field) => {
    expect(Object.keys(errorsOf({ ...valid, ...change }))).toEqual([field]);
  });
});

describe('LoginSchema', () => {
  it('needs both fields', () => {
    expect(LoginSchema.safeParse({ email: ' ', password: '' }).success).toBe(false);
    expect(LoginSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });
});
