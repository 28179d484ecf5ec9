import { exportsApi } from '#shared/api/exports.ts';
import type { ExportRange } from '#shared/exports.ts';
import { callApiRaw } from '#web/lib/call-api.ts';

// The CSV downloads (docs/decisions/016-what-plans-sell-and-mail.md), each for the days
// chosen or, without them, everything the plan keeps. The answer is the Response itself,
// a file to save, or an error to read.

/** Fetches one CSV for the days chosen. */
export type CsvExport = (range: ExportRange) => Promise<Response>;

export const csvExports = {
  /** The runs of one process, or of every process of the account. */
  runs:
    (processId?: string): CsvExport =>
    (range) =>
      callApiRaw(exportsApi.runs, { query: { ...range, processId } }),
  /** The client analytics table. */
  analytics: ((range) => callApiRaw(exportsApi.analytics, { query: range })) satisfies CsvExport,
};
