import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { CodeSchema, type TwoFactorSetup } from '#shared/two-factor.ts';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { FormAlert } from '#web/components/form-alert.tsx';
import { saveFailureText } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { CopyButton } from './copy-button.tsx';
import { settingsCalls } from './settings-api.ts';

// Turning two-factor on: scan the QR code (or type the key) into an authenticator app,
// then prove it works with a code; only then does the server switch it on.

const fields = ['code'] as const;

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to read and type. */
const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TwoFactorSetupPanel({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (recoveryCodes: string[]) => void;
}) {
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<{ code: string }>({
    resolver: zodResolver(CodeSchema),
    fields,
    defaultValues: { code: '' },
    submit: async ({ code }) => {
      const { recoveryCodes } = await settingsCalls.enableTwoFactor(code);
      onEnabled(recoveryCodes);
    },
    onFailure: (error) => toast({ title: 'Error', text: saveFailureText(error), tone: 'error' }),
  });
  const { register } = form;

  // The panel replaces the button that opened it; keep keyboard users in place.
  useEffect(() => {
    document.getElementById('two-factor-scan')?.focus();
  }, []);

  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`;
  return (
    <div className="space-y-6">
      <ol className="space-y-6">
        <li>
          <h3 id="two-factor-scan" tabIndex={-1} className="text-base font-semibold text-slate-900">
            1. Scan this QR code with your authenticator app
          </h3>
          <div className="mt-3 flex flex-col gap-5 sm:flex-row sm:items-start">
            <img
              src={qr}
              alt="QR code for your authenticator app"
              width={176}
              height={176}
              className="size-44 shrink-0 rounded-lg border border-slate-200 bg-white p-2"
            />
            <div className="min-w-0 text-sm text-slate-700">
              <p>Cannot scan it? Add an account by hand with this setup key:</p>
              <p className="mt-2 rounded-lg bg-slate-100 px-3 py-2 font-mono text-base tracking-wider break-all text-slate-900">
                <span className="sr-only">Setup key: </span>
                <span data-testid="two-factor-secret">{groupKey(setup.secret)}</span>
              </p>
              <div className="mt-3">
                <CopyButton text={setup.secret} label="Copy setup key" />
              </div>
              <p className="mt-3 text-slate-600">
                Choose a time-based (TOTP) account with 6 digits.
              </p>
            </div>
          </div>
        </li>
        <li>
          <h3 className="text-base font-semibold text-slate-900">
            2. Enter the 6-digit code the app shows
          </h3>
          <form onSubmit={onSubmit} noValidate className="mt-3 max-w-xs">
            <fieldset disabled={isSubmitting}>
              <TextField
                label="Code from the app"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                spellCheck={false}
                className="[&_input]:font-mono [&_input]:tracking-widest"
                error={errors.code?.message}
                {...register('code')}
              />
            </fieldset>
            <FormAlert alert={alert} />
            <div className="mt-5 flex flex-wrap gap-3">
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Checking…' : 'Confirm and turn on'}
              </Button>
              <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
                Cancel
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
