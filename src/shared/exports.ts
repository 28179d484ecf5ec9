import { z } from 'zod';
import { planCapabilities } from './plans.ts';
import { plans } from './user.ts';

// CSV exports (docs/decisions/016-what-plans-sell-and-mail.md): runs of one process or of
// every process of the account, and the client analytics table, for the log retention
// window or a chosen range of days. The plan's canExportCSV capability gates them, on the
// server as on the page.

/** The plans that include CSV export, for the message of a plan without it. */
const csvPlans = plans.filter((plan) => planCapabilities[plan].canExportCSV);

export const exportMessages = {
  notIncluded: `CSV export is included in the ${csvPlans.join(' and ')} plan.`,
  date: 'Dates must be days (YYYY-MM-DD).',
  range: 'The start day must not be after the end day.',
} as const;

const day = z
  .string({ error: exportMessages.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, exportMessages.date)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), exportMessages.date)
  .optional();

const range = { from: day, to: day };
const inOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const rangeInOrder = [inOrder, { message: exportMessages.range, path: ['from'] }] as [
  typeof inOrder,
  { message: string; path: string[] },
];

export const ExportRangeSchema = z.object(range).refine(...rangeInOrder);
export type ExportRange = z.infer<typeof ExportRangeSchema>;

export const RunsExportQuerySchema = z
  .object({ ...range, processId: z.string().min(1).max(100).optional() })
  .refine(...rangeInOrder);
export type RunsExportQuery = z.infer<typeof RunsExportQuerySchema>;

export const runCsvColumns = [
  'Started (UTC)',
  'Process',
  'Trigger',
  'Triggered by',
  'Outcome',
  'HTTP status',
  'Duration (ms)',
  'Error',
  'Response',
] as const;

export const analyticsCsvColumns = [
  'Process',
  'Runs',
  'Failures',
  'Failure rate (%)',
  'Last run (UTC)',
  'Last run outcome',
] as const;
