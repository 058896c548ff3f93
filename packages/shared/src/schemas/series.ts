import { z } from '../zod.ts';
import { APPOINTMENTS_PAGE_SIZE } from '../constants.ts';
import {
  MAX_DISCOUNT_PERCENT,
  RECURRING_FREQUENCIES,
  SERIES_STATUSES,
  type RecurringDiscounts,
} from '../recurring.ts';
import { appointmentSchema, appointmentServiceSchema, bookAppointmentInputSchema } from './appointments.ts';
import { calendarDate, pageOf, pageQuery } from './primitives.ts';
import { priceLineSchema, storedHomeSchema } from './pricing.ts';

/** Recurring cleanings (decision 020): a series of visits on one weekday at one local time. */

const percent = z
  .number({ error: 'series.errors.discount' })
  .int('series.errors.discount')
  .min(0, 'series.errors.discount')
  .max(MAX_DISCOUNT_PERCENT, 'series.errors.discount');

/** `GET` (anyone: checkout shows it) / `PUT` (admin) `/settings/recurring`: discount per frequency. */
export const recurringDiscountsSchema = z
  .object({
    weekly: percent,
    every2Weeks: percent,
    every4Weeks: percent,
    /** When false, the first visit of a series is at the full price. */
    firstVisitDiscounted: z.boolean({ error: 'validation.required' }),
  })
  .meta({ id: 'RecurringDiscounts' }) satisfies z.ZodType<RecurringDiscounts>;

const frequency = z.enum(RECURRING_FREQUENCIES, { error: 'series.errors.frequency' });

/**
 * Booking a series (`POST /series/customers/{customerId}`): what a one-off booking takes, with the
 * frequency. `appointmentDate` is the first visit: its weekday and local time are the series'.
 */
export const bookSeriesInputSchema = bookAppointmentInputSchema.extend({ frequency });
export type BookSeriesInput = z.input<typeof bookSeriesInputSchema>;

/**
 * Changing all future visits (`PUT /series/{seriesId}`): the first visit of the new plan (its weekday
 * and local time become the series'), the services, the frequency, the comments. Visits before it stay.
 */
export const changeSeriesInputSchema = bookSeriesInputSchema.omit({
  locale: true,
  place: true,
  postalCode: true,
});
export type ChangeSeriesInput = z.input<typeof changeSeriesInputSchema>;

/** `POST /series/{seriesId}/resume`: visits start again from this day (default: the next one that can). */
export const resumeSeriesInputSchema = z.object({ from: calendarDate('validation.date').optional() });

/** `POST /series/{seriesId}/cancel`: the series ends from this day (default: every open visit goes). */
export const cancelSeriesInputSchema = z.object({ from: calendarDate('validation.date').optional() });

export const seriesIdParamsSchema = z.object({ seriesId: z.uuid() });

export const seriesSchema = z
  .object({
    seriesId: z.uuid(),
    customerId: z.uuid(),
    customerFirstName: z.string(),
    customerLastName: z.string(),
    frequency,
    /** ISO weekday of the visits: 1 Monday ... 7 Sunday. */
    weekday: z.number().int().min(1).max(7),
    /** Local start hour of every visit, in `timeZone`. */
    hour: z.number().int(),
    timeZone: z.string(),
    /** The first visit of the current plan (the weekday and time come from it). */
    startDate: z.iso.date(),
    status: z.enum(SERIES_STATUSES),
    serviceDetails: z.array(appointmentServiceSchema),
    /** The home and extras every visit is priced on (decision 025). */
    home: storedHomeSchema,
    extraIds: z.array(z.string()),
    /** A visit's lines before the discount: services and extras. */
    priceLines: z.array(priceLineSchema),
    /** Services' total (extras included) before the discount, and the price of a discounted visit. */
    fullPrice: z.number(),
    pricePerVisit: z.number(),
    discountPercent: z.number().int(),
    firstVisitDiscounted: z.boolean(),
    comments: z.string().nullable(),
    /** Where its visits happen (issue 27): street, city and postal code (`addressLine` joins them). */
    address: z.string().nullable(),
    city: z.string().nullable(),
    postalCode: z.string().nullable(),
    /** The cleaner kept visit after visit when free. */
    preferredEmployee: z.object({ employeeId: z.uuid(), name: z.string() }).nullable(),
    /** Visits exist up to this day; the daily job extends it to `RECURRING_HORIZON_WEEKS` ahead. */
    plannedUntil: z.iso.date(),
    /** Upcoming visits that could not be placed: no cleaner free then ("needs a time"). */
    visitsNeedingTime: z.number().int(),
    nextVisit: appointmentSchema.nullable(),
    pausedAt: z.iso.datetime().nullable(),
    cancelledAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Series' });
export type Series = z.infer<typeof seriesSchema>;

/** One series with its visits from today on (and the latest past ones, for context). */
export const seriesDetailSchema = seriesSchema
  .extend({ visits: z.array(appointmentSchema) })
  .meta({ id: 'SeriesDetail' });
export type SeriesDetail = z.infer<typeof seriesDetailSchema>;

/** `GET /series?customerId=&status=&page=&size=` (staff): newest first. */
export const seriesListQuerySchema = pageQuery(APPOINTMENTS_PAGE_SIZE).extend({
  customerId: z.uuid().optional(),
  status: z.enum(SERIES_STATUSES).optional(),
});
export const seriesPageSchema = pageOf(seriesSchema).meta({ id: 'SeriesPage' });
export type SeriesPage = z.infer<typeof seriesPageSchema>;

/** `GET /series/needs-time` (staff): upcoming series visits that no cleaner could take, soonest first. */
export const visitsNeedingTimeSchema = z.array(appointmentSchema).meta({ id: 'VisitsNeedingTime' });
