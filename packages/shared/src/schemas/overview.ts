import { z } from '../zod.ts';
import { LOCALES } from '../locales.ts';
import { calendarDate } from './primitives.ts';
import { appointmentsFilterQuerySchema, type AppointmentsFilter } from './appointments.ts';
import { dateRangeQuerySchema } from '../date-range.ts';
import { overviewLabourSchema } from './pay.ts';

/**
 * The money of a week (issue 29, decision 052), when payments are on: money received and given back by
 * the ledger rows' time, and what the week's visits still owe (the shared `visitMoney`).
 */
export const overviewPaymentsSchema = z
  .object({
    /** Payments and tips received in the week (the ledger rows written in it), in cents. */
    collectedCents: z.number().int(),
    /** Refunds given in the week, in cents. */
    refundedCents: z.number().int(),
    /** What the week's visits still owe (price, fees and taxes less what was paid; a cancelled one: its fees). */
    outstandingCents: z.number().int(),
    /** Card attempts that failed in the week (0 until the card adapter; nothing fails in manual mode). */
    failedCents: z.number().int(),
  })
  .meta({ id: 'OverviewPayments' });
export type OverviewPayments = z.infer<typeof overviewPaymentsSchema>;

/**
 * The owner's overview (issue 17, decision 030): `GET /admin/overview`. Weeks run Monday to Sunday in
 * the business time zone; a figure of a week counts the visits whose start falls in it.
 */
export const overviewWeekSchema = z
  .object({
    /** The Monday the week starts on (business-local date). */
    weekStart: z.string(),
    /** Visits that are not cancelled (pending, confirmed, completed). */
    visits: z.number().int(),
    /** What those visits were booked for, in cents (their stored total). */
    revenueCents: z.number().int(),
    /** Visits of the week that were cancelled. */
    cancellations: z.number().int(),
    /** Pending or confirmed visits with nobody on them (a flagged series visit is counted as flagged). */
    unassigned: z.number().int(),
    /** Pending or confirmed series visits flagged "needs a time" (decision 020). */
    flagged: z.number().int(),
    /** The week's money (issue 29): absent when `PAYMENTS=off`. */
    payments: overviewPaymentsSchema.optional(),
  })
  .meta({ id: 'OverviewWeek' });
export type OverviewWeek = z.infer<typeof overviewWeekSchema>;

/** A week of the charts: what they draw. */
export const overviewChartWeekSchema = overviewWeekSchema
  .pick({ weekStart: true, visits: true, revenueCents: true, cancellations: true, payments: true })
  .meta({ id: 'OverviewChartWeek' });
export type OverviewChartWeek = z.infer<typeof overviewChartWeekSchema>;

export const employeeUtilisationSchema = z
  .object({
    employeeId: z.uuid(),
    name: z.string(),
    /** Minutes of the visits they are on (not cancelled) over the 12 weeks. */
    bookedMinutes: z.number().int(),
    /** Minutes of their shifts (availabilities, with the admin's shift hours) over the 12 weeks. */
    availableMinutes: z.number().int(),
    /** Booked over available (1 is 100 %; above 1 when booked outside their shifts); null without shifts. */
    utilisation: z.number().nullable(),
  })
  .meta({ id: 'EmployeeUtilisation' });
export type EmployeeUtilisation = z.infer<typeof employeeUtilisationSchema>;

export const topServiceSchema = z
  .object({
    /** Null once the service was deleted (the title it had is kept on the visits). */
    serviceId: z.uuid().nullable(),
    title: z.string(),
    /** Visits (not cancelled) with this service over the 12 weeks. */
    visits: z.number().int(),
    /** The service's price on those visits, in cents, as booked. */
    revenueCents: z.number().int(),
  })
  .meta({ id: 'TopService' });
export type TopService = z.infer<typeof topServiceSchema>;

/** The weeks the charts show: this week and the eleven before it. */
export const OVERVIEW_WEEKS = 12;
/** The services the chart ranks. */
export const TOP_SERVICES = 5;

export const overviewSchema = z
  .object({
    timeZone: z.string(),
    /** The business-local day the overview was computed on. */
    today: z.string(),
    thisWeek: overviewWeekSchema,
    nextWeek: overviewWeekSchema,
    /** Emails out of retries, waiting for an admin's Retry (the Emails tab). */
    failedEmails: z.number().int(),
    /** The last 12 weeks, oldest first, this week last. */
    weeks: z.array(overviewChartWeekSchema),
    /** Everyone with a shift or a visit in those weeks, busiest first. */
    utilisation: z.array(employeeUtilisationSchema),
    /** The most booked services of those weeks, at most five. */
    topServices: z.array(topServiceSchema),
    /** This week's labour cost against the price of the same completed visits (decision 066). */
    labour: overviewLabourSchema.optional(),
  })
  .meta({ id: 'Overview' });
export type Overview = z.infer<typeof overviewSchema>;

/** `GET /admin/overview?date=`: the overview as on that business-local day (today when left out). */
export const overviewQuerySchema = z.object({ date: calendarDate('validation.date').optional() });

/** The CSV exports (issue 17): what they hold. */
export const CSV_EXPORTS = ['appointments', 'customers', 'employees', 'payments'] as const;
export type CsvExport = (typeof CSV_EXPORTS)[number];

/** `GET /admin/exports/customers.csv` and `employees.csv`: the language of the column headers. */
export const csvExportQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });
/** `GET /admin/exports/appointments.csv`: the table's filter (like its PDF) and the headers' language. */
export const appointmentsCsvQuerySchema = appointmentsFilterQuerySchema.extend(csvExportQuerySchema.shape);

/**
 * `GET /admin/exports/payments.csv?from=&to=` (issue 29): the ledger's rows written on those
 * business-local days (both included; either may be left out) and the headers' language.
 */
export const paymentsCsvQuerySchema = dateRangeQuerySchema.extend(csvExportQuerySchema.shape);

/**
 * The file an export is saved as, the same from the server (`Content-Disposition`) and the web app:
 * `appointments-2026-11-01-to-2026-11-30-confirmed.csv`, `customers.csv`.
 */
export function csvFileName(kind: CsvExport, filter: AppointmentsFilter = {}): string {
  const parts: string[] = [kind];
  if (kind === 'appointments' || kind === 'payments') {
    if (filter.from) parts.push(`from-${filter.from}`);
    if (filter.to) parts.push(`to-${filter.to}`);
    if (filter.status && kind === 'appointments') parts.push(filter.status);
  }
  return `${parts.join('-')}.csv`;
}
