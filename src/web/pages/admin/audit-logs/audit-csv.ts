import type { AuditEntry } from '#shared/audit.ts';
import { saveFile } from '#web/lib/save-file.ts';
import { processText, userText } from './audit-text.ts';

// Export CSV: the rows the admin is looking at, as RFC 4180 CSV (every field quoted,
// quotes doubled, CRLF between records). Details go out whole, as JSON. A cell that a
// spreadsheet would run as a formula (= + - @ at the start) gets a leading apostrophe.

export const csvColumns = [
  'Time',
  'Level',
  'Source',
  'Message',
  'User',
  'User ID',
  'Process',
  'Process ID',
  'IP',
  'Details',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function auditCsv(entries: readonly AuditEntry[]): string {
  const rows = entries.map((entry) =>
    [
      entry.createdAt,
      entry.level,
      entry.source,
      entry.message,
      userText(entry),
      entry.userId,
      processText(entry),
      entry.processId,
      entry.ip,
      entry.details ? JSON.stringify(entry.details) : '',
    ].map(csvCell),
  );
  const lines = [csvColumns.map(csvCell), ...rows].map((row) => `${row.join(',')}\r\n`);
  return lines.join('');
}

/** audit-logs-2025-03-05.csv (the local date of the export). */
export function csvFilename(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `audit-logs-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Hands the CSV to the browser as a download. */
export function downloadCsv(csv: string, filename: string) {
  // The byte-order mark makes spreadsheet apps read the file as UTF-8.
  saveFile(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), filename);
}
