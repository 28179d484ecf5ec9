import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type AlertSettings,
  type AlertSettingsFormInput,
  AlertSettingsFormSchema,
  type AlertSettingsFormValues,
  alertMessages,
  MAIL_STUCK_AFTER_MINUTES,
  MAX_ALERT_EMAILS,
  SCHEDULE_MISSED_AFTER_MINUTES,
  SUCCESS_RATE_MIN_RUNS,
} from '#shared/alerts.ts';
import { alertsApi } from '#shared/api/alerts.ts';
import { signatureHeaders } from '#shared/notifications.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { CheckboxField, TextField } from '#web/components/field.tsx';
import { TextAreaField } from '#web/components/field-textarea.tsx';
import { SaveWarnings } from '#web/components/save-warnings.tsx';
import { FormFooter } from '#web/components/section-card.tsx';
import { callApi } from '#web/lib/call-api.ts';
import { failureMessage } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { alertsKeys } from './alerts-api.ts';
import { SigningSecret } from './signing-secret.tsx';

// Where alerts go and which rules are on, checked here and on the server by the same
// schema; a test alert goes to what is saved.

const notChecked = (what: string) => (
  <span className="text-slate-600"> ({what} is not set on this server, so it is not checked)</span>
);

export function AlertSettingsForm({ saved }: { saved: AlertSettings }) {
  const queryClient = useQueryClient();
  const [testing, setTesting] = useState(false);
  const [warnings, setWarnings] = useState<string[]>([]);
  // The whole secret, from the save or rotation that made it: shown this once.
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<
    AlertSettingsFormInput,
    AlertSettingsFormValues
  >({
    resolver: zodResolver(AlertSettingsFormSchema),
    fields: ['emails', 'webhookUrl', 'failuresInARow', 'successRateBelow'],
    defaultValues: {
      emails: saved.emails.join('\n'),
      webhookUrl: saved.webhookUrl ?? '',
      failuresInARow: saved.failuresInARow,
      successRateBelow: saved.successRateBelow,
      scheduleMissed: saved.scheduleMissed,
      n8nUnreachable: saved.n8nUnreachable,
      mailFailing: saved.mailFailing,
    },
    submit: async (values) => {
      const answer = await callApi(alertsApi.save, { body: values });
      const { warnings: told, webhookSecret, ...next } = answer;
      queryClient.setQueryData(alertsKeys.settings, next);
      setWarnings(told);
      if (webhookSecret) setNewSecret(webhookSecret);
      if (!next.webhookUrl) setNewSecret(null);
      form.reset({ ...values, emails: next.emails.join('\n'), webhookUrl: next.webhookUrl ?? '' });
      return { title: 'Saved', text: alertMessages.saved };
    },
  });
  const { register } = form;

  const sendTest = async () => {
    setTesting(true);
    try {
      const { message } = await callApi(alertsApi.test);
      toast({ title: 'Test alert sent', text: message, tone: 'success' });
    } catch (error) {
      toast({ title: 'Test alert failed', text: failureMessage(error), tone: 'error' });
    } finally {
      setTesting(false);
    }
  };
  const canTest = saved.emails.length > 0 || saved.webhookUrl !== null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextAreaField
        label="E-mail addresses"
        optional
        rows={3}
        placeholder={'ops@example.com\non-call@example.com'}
        hint={`One per line (or separated by commas), at most ${MAX_ALERT_EMAILS}.`}
        error={errors.emails?.message}
        {...register('emails')}
      />
      <TextField
        label="Webhook URL"
        optional
        type="url"
        placeholder="https://hooks.slack.com/services/…"
        hint={`A Slack incoming webhook or any HTTPS endpoint: JSON with a text field. Each call is signed like client notifications: ${signatureHeaders.signature} is v1= and the HMAC-SHA256 of "<${signatureHeaders.timestamp}>.<body>" with the signing secret.`}
        error={errors.webhookUrl?.message}
        {...register('webhookUrl')}
      />
      <SaveWarnings
        title="Your alert settings were saved with a warning"
        warnings={warnings}
        onDismiss={() => setWarnings([])}
      />
      {saved.webhookUrl ? (
        <SigningSecret hint={saved.webhookSecretHint} secret={newSecret} onRotated={setNewSecret} />
      ) : null}
      <fieldset className="space-y-4 border-t border-slate-200 pt-5">
        <legend className="sr-only">Rules</legend>
        <p className="text-sm font-medium text-slate-800">Rules</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Failures in a row of one process"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            hint="0 turns this rule off."
            error={errors.failuresInARow?.message}
            {...register('failuresInARow', { valueAsNumber: true })}
          />
          <TextField
            label="Client success rate under (%)"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            hint={`Over the last 24 hours, for clients with at least ${SUCCESS_RATE_MIN_RUNS} runs in that time (yesterday's runs counted in proportion). 0 turns it off.`}
            error={errors.successRateBelow?.message}
            {...register('successRateBelow', { valueAsNumber: true })}
          />
        </div>
        <CheckboxField
          label={`A schedule did not fire within ${SCHEDULE_MISSED_AFTER_MINUTES} minutes of its time`}
          {...register('scheduleMissed')}
        />
        <CheckboxField
          label={
            <>
              n8n's API cannot be reached
              {saved.checks.n8nApi ? null : notChecked('N8N_API_URL')}
            </>
          }
          {...register('n8nUnreachable')}
        />
        <CheckboxField
          label={
            <>
              Mail is not delivered (waiting over {MAIL_STUCK_AFTER_MINUTES} minutes, or given up)
              {saved.checks.smtp ? null : notChecked('SMTP_URL')}
            </>
          }
          {...register('mailFailing')}
        />
        <p className="text-sm text-slate-600">
          One alert per incident, by mail and webhook, and one message when it clears; every alert
          is in the audit log.
        </p>
      </fieldset>
      {alert ? <Alert>{alert}</Alert> : null}
      <FormFooter>
        <Button
          type="button"
          variant="secondary"
          onClick={sendTest}
          disabled={testing || !canTest}
          title={canTest ? undefined : alertMessages.nowhere}
        >
          {testing ? 'Sending…' : 'Send test alert'}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save alerts'}
        </Button>
      </FormFooter>
    </form>
  );
}
