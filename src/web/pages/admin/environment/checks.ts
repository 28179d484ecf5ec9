import { type Check, type CheckKey, type CheckState, checkState } from '#shared/environment.ts';

// The environment checks of SPEC §3 grouped as SPEC §2 shows them (Database, card
// payment provider, workflow engine, App), each key with a label people can read. An
// optional integration left unset counts apart, as not configured: never as a failure.
// Pure, so grouping and counting are tested without a browser.

export interface CheckGroupDef {
  id: string;
  title: string;
  description: string;
  keys: { key: CheckKey; label: string }[];
}

export const checkGroups: CheckGroupDef[] = [
  {
    id: 'database',
    title: 'Database',
    description: 'The database the server stores everything in.',
    keys: [
      { key: 'mongo', label: 'Database answers a query' },
      { key: 'mongoUriPresent', label: 'Database server configured (DATABASE_URL)' },
    ],
  },
  {
    id: 'payments',
    title: 'Card payment provider',
    description: 'Keys for taking card payments.',
    keys: [
      { key: 'stripe', label: 'Secret key (STRIPE_SECRET_KEY)' },
      { key: 'stripeWebhook', label: 'Webhook signing secret (STRIPE_WEBHOOK_SECRET)' },
    ],
  },
  {
    id: 'workflow',
    title: 'Workflow engine',
    description: 'The n8n instance that runs client processes.',
    keys: [
      { key: 'n8nApiUrl', label: 'API address reachable (N8N_API_URL)' },
      { key: 'n8nApiKey', label: 'API key accepted (N8N_API_KEY)' },
      { key: 'n8nRailwayUrl', label: 'Hosting address reachable (N8N_RAILWAY_URL)' },
    ],
  },
  {
    id: 'app',
    title: 'App',
    description: 'E-mail, sign-in tokens and the public address.',
    keys: [
      { key: 'emailUser', label: 'E-mail account connects (SMTP user)' },
      { key: 'emailPassword', label: 'E-mail password set' },
      { key: 'jwtSecret', label: 'Sign-in token secret (JWT_SECRET)' },
      { key: 'frontendUrl', label: 'Public address (PUBLIC_URL)' },
    ],
  },
];

export interface GroupedCheck extends Check {
  key: string;
  label: string;
}

export interface CheckGroup extends Omit<CheckGroupDef, 'keys'> {
  checks: GroupedCheck[];
}

/** The answer in the groups above; keys the server adds later land in "Other checks". */
export function groupChecks(checks: Readonly<Record<string, Check>>): CheckGroup[] {
  const known = new Set<string>();
  const groups: CheckGroup[] = checkGroups.map(({ keys, ...group }) => ({
    ...group,
    checks: keys.flatMap(({ key, label }) => {
      known.add(key);
      const check = checks[key];
      return check ? [{ key, label, ...check }] : [];
    }),
  }));
  const other = Object.entries(checks)
    .filter(([key]) => !known.has(key))
    .map(([key, check]) => ({ key, label: key, ...check }));
  if (other.length > 0)
    groups.push({ id: 'other', title: 'Other checks', description: '', checks: other });
  return groups.filter((group) => group.checks.length > 0);
}

/** How many checks pass, fail and are not configured. */
export function stateCounts(checks: readonly Check[]) {
  const counts: Record<CheckState, number> = { pass: 0, fail: 0, notConfigured: 0 };
  for (const check of checks) counts[checkState(check)] += 1;
  return { ...counts, total: checks.length };
}

/** "All 11 checks pass", "No failures: 3 pass, 8 not configured", "1 check fails, 2 pass". */
export function summaryText(checks: readonly Check[]): string {
  const { pass, fail, notConfigured, total } = stateCounts(checks);
  if (total > 0 && pass === total) return `All ${total} checks pass`;
  const rest = [`${pass} pass`, ...(notConfigured > 0 ? [`${notConfigured} not configured`] : [])];
  if (fail === 0) return `No failures: ${rest.join(', ')}`;
  return [`${fail} ${fail === 1 ? 'check fails' : 'checks fail'}`, ...rest].join(', ');
}

/** A group's count: "2 of 2 pass", "1 of 1 pass, 1 not configured", "Not configured". */
export function groupSummaryText(checks: readonly Check[]): string {
  const { pass, notConfigured, total } = stateCounts(checks);
  if (total > 0 && notConfigured === total) return 'Not configured';
  const counted = `${pass} of ${total - notConfigured} pass`;
  return notConfigured > 0 ? `${counted}, ${notConfigured} not configured` : counted;
}
