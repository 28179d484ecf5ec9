import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { notificationsApi } from '#shared/api/notifications.ts';
import {
  BURST_MINUTES,
  type NotificationSettings,
  type NotificationSettingsInput,
  NotificationSettingsInputSchema,
  notificationMessages,
} from '#shared/notifications.ts';
import { paths } from '#shared/paths.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { CopyLink } from '#web/components/copy-link.tsx';
import { CheckboxField, TextField } from '#web/components/field.tsx';
import { SaveWarnings } from '#web/components/save-warnings.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useAccount } from '#web/lib/account.ts';
import { ApiError } from '#web/lib/api.ts';
import { callApi } from '#web/lib/call-api.ts';
import { failureMessage } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { FormFooter, SettingsSection } from './settings-section.tsx';
import { WebhookSignatureHelp } from './webhook-help.tsx';
import { type WebhookTestFailure, webhookTestFailure } from './webhook-test-words.ts';

// Notifications (plans with hasNotifications): e-mail when a run fails or a scheduled run
// is skipped, or one daily summary; a webhook (Slack-compatible, signed). The webhook is
// said in plain words; how notices are signed, and what a failed test's endpoint
// answered, are one click away.

/** A failed test in words, with what the server said behind a disclosure. */
function TestFailure({ failure }: { failure: WebhookTestFailure }) {
  return (
    <Alert title="The test notice did not arrive">
      <p>{failure.words}</p>
      {failure.detail ? (
        <details className="mt-2">
          <summary className="w-fit cursor-pointer font-medium">Details</summary>
          <p className="mt-1 break-words">{failure.detail}</p>
        </details>
      ) : null}
    </Alert>
  );
}

const key = ['settings', 'notifications'] as const;

function NotificationsForm({ saved }: { saved: NotificationSettings }) {
  const queryClient = useQueryClient();
  const [testing, setTesting] = useState(false);
  const [testFailure, setTestFailure] = useState<WebhookTestFailure | null>(null);
  // What the server warned about at the last save (a webhook it will refuse to call).
  const [warnings, setWarnings] = useState<string[]>([]);
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<NotificationSettingsInput>({
    resolver: zodResolver(NotificationSettingsInputSchema, undefined, { raw: true }),
    fields: ['webhookUrl'],
    defaultValues: {
      emailOnFailure: saved.emailOnFailure,
      emailOnSkip: saved.emailOnSkip,
      dailySummary: saved.dailySummary,
      webhookUrl: saved.webhookUrl ?? '',
    },
    submit: async (values) => {
      const saved = await callApi(notificationsApi.save, { body: values });
      const { warnings: told, ...next } = saved;
      queryClient.setQueryData(key, next);
      setWarnings(told);
      return { title: 'Saved', text: notificationMessages.saved };
    },
  });
  const { register } = form;

  const sendTest = async () => {
    setTesting(true);
    setTestFailure(null);
    try {
      const { message } = await callApi(notificationsApi.test);
      toast({ title: 'Test sent', text: message, tone: 'success' });
    } catch (error) {
      setTestFailure(
        error instanceof ApiError
          ? webhookTestFailure(error.serverMessage ?? error.message)
          : { words: failureMessage(error), detail: null },
      );
    } finally {
      setTesting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">E-mail me</legend>
        <CheckboxField
          label="When a run fails (manual or scheduled)"
          {...register('emailOnFailure')}
        />
        <CheckboxField
          label="When a scheduled run is skipped (plan, subscription or a paused process)"
          {...register('emailOnSkip')}
        />
        <CheckboxField
          label="One daily summary instead of a mail each time"
          {...register('dailySummary')}
        />
        <p className="text-sm text-slate-600">
          At most one mail per process every {BURST_MINUTES} minutes; the rest are counted in the
          next one.
        </p>
      </fieldset>
      <TextField
        label="Notification webhook URL"
        optional
        type="url"
        placeholder="https://hooks.slack.com/services/…"
        hint="A Slack incoming webhook, or any https:// address of yours. Each notice is signed with your signing secret, so your endpoint can tell it came from us."
        error={errors.webhookUrl?.message}
        {...register('webhookUrl')}
      />
      <WebhookSignatureHelp />
      <SaveWarnings
        title="Your notification settings were saved with a warning"
        warnings={warnings}
        onDismiss={() => setWarnings([])}
      />
      {saved.webhookUrl && saved.webhookSecret ? (
        <CopyLink label="Signing secret" copyLabel="Copy secret" link={saved.webhookSecret} />
      ) : null}
      {alert ? <Alert>{alert}</Alert> : null}
      {testFailure ? <TestFailure failure={testFailure} /> : null}
      <FormFooter>
        {saved.webhookUrl ? (
          <Button type="button" variant="secondary" onClick={sendTest} disabled={testing}>
            {testing ? 'Sending…' : 'Send test'}
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save notifications'}
        </Button>
      </FormFooter>
    </form>
  );
}

export function NotificationsCard() {
  const { capabilities, isPending } = useAccount();
  const allowed = capabilities.hasNotifications;
  const settings = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callApi(notificationsApi.read, {}, { signal }),
    enabled: allowed,
  });
  return (
    <SettingsSection
      id="notifications"
      title="Notifications"
      description="Hear about runs that fail or are skipped, by e-mail or webhook."
    >
      {!allowed ? (
        <p className="text-sm text-slate-700">
          {isPending ? 'Checking your plan…' : notificationMessages.notIncluded}{' '}
          {isPending ? null : (
            <Link to={paths.billing} className="font-medium text-brand-700 underline">
              See plans on Billing
            </Link>
          )}
        </p>
      ) : settings.data ? (
        <NotificationsForm saved={settings.data} />
      ) : settings.isError ? (
        <p className="text-sm text-red-700">{failureMessage(settings.error)}</p>
      ) : (
        <Spinner label="Loading notification settings…" />
      )}
    </SettingsSection>
  );
}
