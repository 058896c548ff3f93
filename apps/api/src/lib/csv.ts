import { Readable } from 'node:stream';

/** An amount of money in cents, written in dollars with two decimals ("-12.30"), like a number. */
export type CsvCents = { cents: number };

/** A cell: text (quoted when it must be, guarded against formulas), a number, an amount, or nothing. */
export type CsvValue = string | number | CsvCents | null | undefined;

/** The byte order mark: spreadsheet programs read the file as UTF-8 (accents intact) when it starts with one. */
export const CSV_BOM = '\uFEFF';

/** A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell as RFC 4180 writes it: quoted when it holds a comma, a quote (doubled) or a line break. Text
 * that a spreadsheet would take for a formula gets a leading apostrophe (OWASP "CSV injection"), so a
 * customer's comment "=HYPERLINK(…)" stays text. Numbers are written as they are.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return dollarsOf(value.cents);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Whole cents as dollars, in integers (no floating point): -1230 is "-12.30". */
function dollarsOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** One record, cells joined by commas, ended by CRLF (RFC 4180). */
export function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * A CSV file as a stream: the BOM and the header line, then the rows of each batch as it comes. Pulled
 * (`Readable.from`): the next batch is read from the database only when the client has taken the last
 * one, so memory holds one batch whatever the size; a client that goes away ends the reading.
 */
export function csvStream<T>(
  headers: readonly string[],
  batches: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
  rowOf: (item: T) => readonly CsvValue[],
): Readable {
  async function* chunks() {
    yield CSV_BOM + csvLine(headers);
    for await (const batch of batches) yield batch.map((item) => csvLine(rowOf(item))).join('');
  }
  return Readable.from(chunks(), { objectMode: false });
}
