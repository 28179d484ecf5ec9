import { useQuery } from '@tanstack/react-query';
import { Card } from '#web/components/card.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { failureMessage } from '#web/lib/failure-text.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { alertSettingsQuery } from './alerts/alerts-api.ts';
import { IncidentsView } from './alerts/incidents-view.tsx';
import { AlertSettingsForm } from './alerts/settings-form.tsx';

// Alerts: where the consultancy hears about trouble (addresses, a signed webhook), which
// rules open an incident, a test alert, and the incidents, open ones first.

const title = 'Alerts';
const description =
  'Where the consultancy hears about trouble, which rules open an incident, and the incidents so far.';

export const meta = () => pageMeta(title, description);

function SettingsCard() {
  const settings = useQuery(alertSettingsQuery());
  return (
    <section aria-labelledby="alert-settings-heading">
      <Card>
        <h2 id="alert-settings-heading" className="text-lg font-semibold text-slate-900">
          Where alerts go
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Each alert goes to every address and to the webhook.
          {settings.data && !settings.data.updatedAt
            ? ' Not saved yet: the rules below are the defaults, and alerts go nowhere until an address or webhook is saved.'
            : ''}
        </p>
        <div className="mt-5">
          {settings.data ? (
            <AlertSettingsForm saved={settings.data} />
          ) : settings.isError ? (
            <p className="text-sm text-red-700">{failureMessage(settings.error)}</p>
          ) : (
            <Spinner label="Loading alert settings…" />
          )}
        </div>
      </Card>
    </section>
  );
}

export default function AdminAlertsPage() {
  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="space-y-8">
        <SettingsCard />
        <IncidentsView />
      </div>
    </>
  );
}
