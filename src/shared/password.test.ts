import { describe, expect, it } from 'vitest';
import { ChangePasswordFormSchema, passwordMessages, ResetPasswordFormSchema } from './password.ts';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('ChangePasswordFormSchema', () => {
  it('says "Passwords do not match." when the confirmation differs or is empty', () => {
    const differ = ChangePasswordFormSchema.safeParse({
      currentPassword: 'old',
      newPassword: 'abc',
      confirmPassword: 'abd',
    });
    expect(errorsOf(differ)).toEqual({ confirmPassword: passwordMessages.passwordsMatch });
    const empty = ChangePasswordFormSchema.safeParse({
      currentPassword: 'old',
      newPassword: '',
      confirmPassword: '',
    });
    expect(errorsOf(empty)).toEqual({ confirmPassword: passwordMessages.passwordsMatch });
  });

  it('has no length rule in the browser (SPEC §5)', () => {
    const short = ChangePasswordFormSchema.safeParse({
      currentPassword: 'old',
      newPassword: 'a',
      confirmPassword: 'a',
    });
    expect(short.success).toBe(true);
  });
});

describe('ResetPasswordFormSchema', () => {
  it('checks the new password and the confirmation', () => {
    const result = ResetPasswordFormSchema.safeParse({
      newPassword: 'Str0ng-pass',
      confirmPassword: 'Str0ng-pas',
    });
    expect(errorsOf(result)).toEqual({ confirmPassword: passwordMessages.passwordsMatch });
  });
});
