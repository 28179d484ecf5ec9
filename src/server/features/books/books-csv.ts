import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { booksCsvColumns, booksRowTypeLabels, ledgerPaymentMethodLabels } from '#shared/books.ts';
import type { LedgerRow } from './ledger.ts';

// books.csv for an accountant's tool (QuickBooks, Xero and spreadsheets): one row per
// invoice, credit note, payment and reversal, days as YYYY-MM-DD, amounts in dollars with
// two decimals, signed, without a currency sign or thousands separators. Written like
// domain/exports/csv.ts (a byte-order mark, CRLF, formula-looking cells prefixed with an
// apostrophe), with one difference: amounts go in as bigint cents, the one kind of cell
// csv-stringify leaves alone when it starts with "-", so -12.50 stays a number while a
// reference such as "=HYPERLINK(…)" or "-1+1" is neutralised.

/** Cents as dollars with two decimals: -1250n → "-12.50". Exact, no floating point. */
export function dollarsOf(cents: bigint): string {
  const size = cents < 0n ? -cents : cents;
  const sign = cents < 0n ? '-' : '';
  return `${sign}${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
}

export function booksCsvRecord(row: LedgerRow): (string | bigint)[] {
  return [
    row.date,
    booksRowTypeLabels[row.type],
    row.number,
    row.clientName,
    row.clientEmail,
    row.company,
    row.invoiceNumber ?? '',
    row.description,
    BigInt(row.amount),
    row.tax === null ? '' : BigInt(row.tax),
    row.status,
    row.dueDate ?? '',
    row.method ? ledgerPaymentMethodLabels[row.method] : '',
    row.reference,
  ];
}

export function booksCsvStream(rows: AsyncIterable<LedgerRow>): Readable {
  const out = stringify({
    header: true,
    columns: [...booksCsvColumns],
    bom: true,
    escape_formulas: true,
    record_delimiter: 'windows',
    cast: { bigint: dollarsOf },
  });
  Readable.from(
    (async function* () {
      for await (const row of rows) yield booksCsvRecord(row);
    })(),
  ).pipe(out);
  return out;
}

/** `books-2026-01-01-to-2026-03-31.csv`: the range, not the day it was made. */
export const booksCsvFilename = (range: { from: string; to: string }) =>
  `books-${range.from}-to-${range.to}.csv`;
