import { Readable } from 'node:stream';

// CSV for spreadsheet apps: UTF-8 with a byte-order mark (Excel then reads accents right),
// CRLF between records (RFC 4180), and cells a spreadsheet would run as a formula (= + - @,
// tab, carriage return and their full-width forms) prefixed with an apostrophe, as
// csv-stringify's escape_formulas does. Written here rather than by csv-stringify: it took
// a fifth of an export's time record by record, and with CRLF records it left a cell
// holding a lone line break unquoted, which split the row in two.
// Rows come from an async source and leave as they come, many to a chunk: nothing holds
// the whole file, and the reader's pace (backpressure) decides when the next rows are read.

export type CsvCell = string | number | null | undefined;

const BOM = '\uFEFF';
const RECORD_END = '\r\n';
const FORMULA_STARTS = new Set([
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\uFF1D',
  '\uFF0B',
  '\uFF0D',
  '\uFF20',
]);
const NEEDS_QUOTES = /[",\r\n]/;
/** About this many characters to a chunk handed to the reader. */
const CHUNK_CHARS = 64 * 1024;

/** One cell: numbers as they are (a negative number stays a number), text made safe. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_STARTS.has(value.charAt(0)) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record with its CRLF. */
export function csvRecord(cells: readonly CsvCell[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += (i === 0 ? '' : ',') + csvCell(cells[i]);
  return line + RECORD_END;
}

/** The file as chunks of text: the byte-order mark and header first, then the records. */
async function* csvChunks(
  columns: readonly string[],
  batches: AsyncIterable<readonly (readonly CsvCell[])[]>,
): AsyncGenerator<string> {
  let chunk = BOM + csvRecord(columns);
  for await (const batch of batches) {
    for (const cells of batch) {
      chunk += csvRecord(cells);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
  }
  if (chunk) yield chunk;
}

async function* single<Row>(rows: AsyncIterable<Row>): AsyncGenerator<Row[]> {
  for await (const row of rows) yield [row];
}

/** A CSV file of rows read in batches (an export reading a thousand rows at a time). */
export const csvStreamOfBatches = (
  columns: readonly string[],
  batches: AsyncIterable<readonly (readonly CsvCell[])[]>,
): Readable => Readable.from(csvChunks(columns, batches), { objectMode: false });

/** A CSV file of rows that come one at a time. */
export const csvStream = (columns: readonly string[], rows: AsyncIterable<readonly CsvCell[]>) =>
  csvStreamOfBatches(columns, single(rows));

/** `name-2026-11-25.csv` for Content-Disposition (ASCII only). */
export const csvFilename = (name: string, now = new Date()) =>
  `${name}-${now.toISOString().slice(0, 10)}.csv`;
