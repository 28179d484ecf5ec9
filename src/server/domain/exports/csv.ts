import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

// CSV for spreadsheet apps: UTF-8 with a byte-order mark (Excel then reads accents right),
// CRLF between records (RFC 4180), and cells a spreadsheet would run as a formula (= + - @
// and their full-width forms) prefixed with an apostrophe (csv-stringify's escape_formulas).
// Rows come from an async source and leave as they come: nothing holds the whole file.

export function csvStream(
  columns: readonly string[],
  rows: AsyncIterable<(string | number | null)[]>,
): Readable {
  const out = stringify({
    header: true,
    columns: [...columns],
    bom: true,
    escape_formulas: true,
    record_delimiter: 'windows',
  });
  Readable.from(rows).pipe(out);
  return out;
}

/** `name-2026-11-25.csv` for Content-Disposition (ASCII only). */
export const csvFilename = (name: string, now = new Date()) =>
  `${name}-${now.toISOString().slice(0, 10)}.csv`;
