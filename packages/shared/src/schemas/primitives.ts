import { z } from '../zod.ts';

/**
 * The one home of the rules every date, date-time and query number of a request follows (issue 11): a
 * real calendar value (no 31 February, no month 00, nothing after the date), in a sane range, so
 * nothing malformed reaches the database and no arithmetic runs past year 9999. Messages are
 * translation keys; each schema passes its own key for "missing or malformed".
 */

/** Dates and instants of a request lie in these years (bookings have their own, shorter horizon). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

const RANGE_MESSAGE = 'validation.dateRange';

/** The year of a YYYY-MM-DD date or of an ISO date-time (its written date, before any offset). */
const yearOf = (value: string) => Number(value.slice(0, 4));
const isInRange = (value: string) => yearOf(value) >= MIN_YEAR && yearOf(value) <= MAX_YEAR;

/**
 * A calendar day, `YYYY-MM-DD` and nothing else, that exists (leap years included), between 1900 and
 * 2100.
 */
export function calendarDate(message = 'validation.date') {
  return z.iso.date({ error: message, abort: true }).refine(isInRange, { error: RANGE_MESSAGE, abort: true });
}

/**
 * An instant: an ISO 8601 date-time with a real date and time and an offset (`Z` or `+hh:mm`), between
 * 1900 and 2100. With `local`, a date-time without offset is also read, as UTC (the spec's pages send
 * `toISOString()` cut to minutes, "2027-03-10T14:00"), and the output always carries the offset.
 */
export function instant(message = 'validation.date', options: { local?: boolean } = {}) {
  return z.iso
    .datetime({ offset: true, local: options.local ?? false, error: message, abort: true })
    .refine(isInRange, { error: RANGE_MESSAGE, abort: true })
    .transform((value) => (/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`));
}

/**
 * A day given as `YYYY-MM-DD` or as a date-time whose written day counts ("2027-03-10T14:00"); the
 * output is the day. Both must be real calendar values between 1900 and 2100.
 */
export function calendarDay(message = 'validation.date') {
  const day = z.iso.date();
  const dateTime = z.iso.datetime({ offset: true, local: true });
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, { error: message, abort: true })
    .refine((value) => day.safeParse(value).success || dateTime.safeParse(value).success, {
      error: message,
      abort: true,
    })
    .refine(isInRange, { error: RANGE_MESSAGE, abort: true })
    .transform((value) => value.slice(0, 10));
}

/**
 * A whole number in a query string: digits only (an empty `?page=` is an error, not 0), within bounds;
 * absent, the fallback.
 */
export function queryInteger(bounds: { min: number; max: number; fallback: number }) {
  return z
    .string()
    .regex(/^\d{1,9}$/, 'validation.wholeNumber')
    .transform(Number)
    .pipe(z.number().int().min(bounds.min, 'validation.tooSmall').max(bounds.max, 'validation.tooLarge'))
    .default(bounds.fallback);
}

/** `?page=&size=` of a list paged by number, from page 0 (`size` items a page, at most 50). */
export function pageQuery(fallbackSize: number) {
  return z.object({
    page: queryInteger({ min: 0, max: 1_000_000, fallback: 0 }),
    size: queryInteger({ min: 1, max: 50, fallback: fallbackSize }),
  });
}

/** A page of a list paged by number: its items, where it is, and how many in all (pages capped at 99). */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  });
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Where a keyset page starts (issue 18, decision 024): the sort key and the id of the last row of the
 * page before, as the `Link: <…>; rel="next"` header of that page gives it. Opaque to clients: they
 * follow the link. The key is an instant (`2026-11-25T14:00:00.000Z_<uuid>`) on the lists newest first,
 * the folded name (`dupont marie_<uuid>`) on the lists in name order.
 */
export function keysetCursor(key: 'instant' | 'text') {
  const cursor = z
    .string()
    .max(600, 'validation.tooLong')
    .regex(
      key === 'instant'
        ? new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z_${UUID}$`)
        : new RegExp(`^[\\s\\S]*_${UUID}$`),
      'validation.invalid',
    );
  return key === 'instant'
    ? cursor.refine((value) => !Number.isNaN(Date.parse(value.slice(0, 24))), 'validation.invalid')
    : cursor;
}

/**
 * `?limit=&before=`: a keyset page of a list the spec gives as a plain array, newest first (`instant`,
 * the default) or in name order (`text`).
 */
export function keysetQuerySchema(bounds: { fallback: number; max: number; key?: 'instant' | 'text' }) {
  return z.object({
    limit: queryInteger({ min: 1, max: bounds.max, fallback: bounds.fallback }),
    before: keysetCursor(bounds.key ?? 'instant').optional(),
  });
}

/**
 * `?q=&limit=&before=` (decision 024): a search of people (customers, user accounts) on the server,
 * every word anywhere in the name or email, any case, accents ignored; a page at a time in name order.
 */
export function personSearchQuerySchema(bounds: { fallback: number; max: number }) {
  return keysetQuerySchema({ ...bounds, key: 'text' }).extend({
    q: z.string().trim().max(100, 'validation.tooLong').optional(),
  });
}
