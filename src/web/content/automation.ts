// Copy of the services page's automation sections (SPEC §2 Services): ipaas (six
// capability cards, cost impact, also-delivered list), workflows and operations.

export type AutomationIcon =
  | 'plug'
  | 'refresh'
  | 'shuffle'
  | 'webhook'
  | 'alert'
  | 'server'
  | 'chart'
  | 'users'
  | 'clipboard'
  | 'calendar'
  | 'lock';

export interface Capability {
  icon: AutomationIcon;
  title: string;
  text: string;
}

export const ipaasCapabilities: readonly Capability[] = [
  {
    icon: 'plug',
    title: 'Connect your apps',
    text: 'CRM, accounting, e-commerce, help desk, forms and spreadsheets linked through their official APIs.',
  },
  {
    icon: 'refresh',
    title: 'Two-way data sync',
    text: 'Customers, orders and invoices kept in step between systems, in real time or on a schedule.',
  },
  {
    icon: 'shuffle',
    title: 'Mapping and clean-up',
    text: 'Fields translated between systems, duplicates merged and bad records held for review instead of copied.',
  },
  {
    icon: 'webhook',
    title: 'Webhooks and triggers',
    text: 'Workflows that start the moment something happens: a new order, a signed contract, a form sent.',
  },
  {
    icon: 'alert',
    title: 'Retries and alerts',
    text: 'Failed steps retried automatically; when a run still fails, you and we hear about it with the reason.',
  },
  {
    icon: 'server',
    title: 'Self-hosted workflow engine',
    text: 'Workflows run on an n8n instance we host for you, with no per-task fees and nothing locked to a vendor.',
  },
];

export const ipaasCostImpact: readonly string[] = [
  'Hours of re-typing between systems removed from every week',
  'A flat hosting cost instead of a bill that grows with every task run',
  'Fewer errors to find and fix, because data is entered once',
  'Workflows you own and can export, so switching tools later costs less',
];

export const ipaasAlsoDelivered: readonly string[] = [
  'A diagram and written notes for every workflow',
  'Run history and error logs in your client portal',
  'Manual runs and cron schedules from the portal',
  'Credentials kept in an encrypted vault, never in spreadsheets',
  'Handover training for the people who will use it',
  'Monitoring and fixes under your support plan',
];

export const operationsFeatures: readonly Capability[] = [
  {
    icon: 'chart',
    title: 'Dashboards',
    text: 'The numbers you check every morning on one screen, refreshed automatically from the systems that hold them.',
  },
  {
    icon: 'users',
    title: 'Employee activity',
    text: 'Who ran which workflow and when, so work is visible without asking for status updates.',
  },
  {
    icon: 'alert',
    title: 'Live error monitoring',
    text: 'Failed runs and integration errors appear as they happen, with the response that caused them.',
  },
  {
    icon: 'clipboard',
    title: 'Audit trails',
    text: 'Every sign-in, change and run recorded with time and user, filterable when you need to answer a question.',
  },
  {
    icon: 'calendar',
    title: 'Manual and auto scheduling',
    text: 'Run a workflow with one click, or schedule it with a cron expression in your time zone.',
  },
  {
    icon: 'lock',
    title: 'Privacy by design',
    text: 'Each client sees only their own data, access follows roles, and logs are kept no longer than your plan says.',
  },
];

export const processSteps = [
  {
    title: 'Discovery',
    text: 'A free call and a short workshop to map the problem, the people involved and what success looks like in hours or dollars.',
  },
  {
    title: 'Planning',
    text: 'A written scope, architecture notes, milestones and a fixed price or clear range. Nothing is built before you agree to it.',
  },
  {
    title: 'Development',
    text: 'Work in one- to two-week steps with a demo at the end of each, on a staging site you can click through yourself.',
  },
  {
    title: 'Launch & Support',
    text: 'A planned release with backups and a rollback path, then hosting, monitoring and an SLA-backed support plan.',
  },
] as const;
