import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { accountApi } from '#shared/api/account.ts';
import { formatDateTime } from '#shared/dates.ts';
import { impersonationMessages } from '#shared/impersonation.ts';
import { type SaveTimeZone, type TimeZoneForm, TimeZoneFormSchema } from '#shared/time-zone.ts';
import type { User } from '#shared/user.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { callApi } from '#web/lib/call-api.ts';
import { saveFailureText } from '#web/lib/failure-text.ts';
import { useIsImpersonating } from '#web/lib/impersonation.ts';
import { setStoredUser } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { FormFooter, SettingsSection } from './settings-section.tsx';
import { browserTimeZone, timeZoneChoices } from './time-zone-options.ts';

// The one zone every time in the app is shown in (and named beside), for this person.
// Empty follows whichever browser they use; the stored user record carries the choice,
// which web/lib/reader-zone.ts applies everywhere as soon as it is saved.

const fields = ['timeZone'] as const;

export function TimeZoneCard({ user }: { user: User }) {
  const impersonating = useIsImpersonating();
  const browserZone = useMemo(browserTimeZone, []);
  const choices = useMemo(() => timeZoneChoices(user.timeZone), [user.timeZone]);
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<TimeZoneForm, SaveTimeZone>({
    resolver: zodResolver(TimeZoneFormSchema),
    fields,
    defaultValues: { timeZone: user.timeZone ?? '' },
    submit: async (values) => {
      const answer = await callApi(accountApi.saveTimeZone, {
        body: { timeZone: values.timeZone },
      });
      setStoredUser({ ...user, timeZone: answer.timeZone });
      form.reset({ timeZone: answer.timeZone ?? '' });
      return { title: 'Saved', text: answer.message };
    },
    onFailure: (error) => toast({ title: 'Error', text: saveFailureText(error), tone: 'error' }),
  });
  const chosen = form.watch('timeZone') || browserZone;

  return (
    <SettingsSection
      id="time-zone"
      title="Time zone"
      description="Every time in the portal and in your service reports is shown in this zone, with its name."
    >
      <form onSubmit={onSubmit} noValidate>
        {/* The client's own choice: an admin testing as them reads it but leaves it be. */}
        {impersonating ? (
          <div className="mb-5">
            <Alert tone="info">{impersonationMessages.notAvailable}</Alert>
          </div>
        ) : null}
        <fieldset disabled={isSubmitting || impersonating}>
          <SelectField
            label="Time zone"
            options={choices}
            placeholder={`Follow this browser (${browserZone.replaceAll('_', ' ')})`}
            hint={`Now: ${formatDateTime(new Date(), { timeZone: chosen, named: true })}`}
            error={errors.timeZone?.message}
            {...form.register('timeZone')}
          />
        </fieldset>
        {alert ? (
          <div className="mt-5">
            <Alert>{alert}</Alert>
          </div>
        ) : null}
        <FormFooter>
          <Button type="submit" disabled={isSubmitting || impersonating}>
            {isSubmitting ? 'Saving…' : 'Save time zone'}
          </Button>
        </FormFooter>
      </form>
    </SettingsSection>
  );
}
