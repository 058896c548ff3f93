import { z } from '../zod.ts';
import { calendarDate } from './primitives.ts';
import { MAX_HOURLY_CENTS, MAX_PERCENT_BASIS_POINTS, PAY_KINDS, PAY_TRAVEL_RULES } from '../pay.ts';

/** One of an employee's pay terms (issue 30 §6, decision 066): how they are paid from a day on. */
export const payRateSchema = z
  .object({
    /** The business-local day the terms apply from (until the next terms' day). */
    effectiveFrom: z.string(),
    kind: z.enum(PAY_KINDS),
    /** With `hourly`: cents per hour worked. */
    hourlyCents: z.number().int().nullable(),
    /** With `percent`: hundredths of a percent of the visit's price before tax (4500 is 45 %). */
    percentBasisPoints: z.number().int().nullable(),
    /** When the admin wrote them (UTC). */
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PayRate' });
export type PayRate = z.infer<typeof payRateSchema>;

/** An employee's pay terms, oldest first: the history is kept. */
export const payRatesSchema = z.object({ rates: z.array(payRateSchema) }).meta({ id: 'PayRates' });
export type PayRates = z.infer<typeof payRatesSchema>;

/**
 * `POST /employees/{id}/pay-rates` (admin): terms from a day on. Terms from a day that already has terms
 * replace them (a correction); another day adds a row, and days before it keep their terms.
 */
export const payRateInputSchema = z
  .object({
    effectiveFrom: calendarDate('validation.date'),
    kind: z.enum(PAY_KINDS, { error: 'validation.invalid' }),
    hourlyCents: z
      .number({ error: 'validation.invalid' })
      .int('validation.invalid')
      .min(1, 'pay.errors.hourly')
      .max(MAX_HOURLY_CENTS, 'pay.errors.hourly')
      .optional(),
    percentBasisPoints: z
      .number({ error: 'validation.invalid' })
      .int('validation.invalid')
      .min(1, 'pay.errors.percent')
      .max(MAX_PERCENT_BASIS_POINTS, 'pay.errors.percent')
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'hourly' && input.hourlyCents === undefined)
      ctx.addIssue({ code: 'custom', path: ['hourlyCents'], message: 'pay.errors.hourly' });
    if (input.kind === 'percent' && input.percentBasisPoints === undefined)
      ctx.addIssue({ code: 'custom', path: ['percentBasisPoints'], message: 'pay.errors.percent' });
  })
  .meta({ id: 'NewPayRate' });
export type PayRateInput = z.infer<typeof payRateInputSchema>;

/** `GET /pay/report?employeeId=&date=&lang=`: the pay period holding `date` (today when left out). */
export const payReportQuerySchema = z.object({
  employeeId: z.uuid({ error: 'validation.invalid' }),
  date: calendarDate('validation.date').optional(),
  lang: z.enum(['en', 'fr'], { error: 'validation.invalid' }).optional(),
});
export type PayReportQuery = z.infer<typeof payReportQuerySchema>;

const payRateShownSchema = z.object({
  kind: z.enum(PAY_KINDS),
  hourlyCents: z.number().int().nullable(),
  percentBasisPoints: z.number().int().nullable(),
});

/** One completed visit of the period, as paid. */
export const payVisitSchema = z
  .object({
    appointmentId: z.uuid(),
    /** The visit's business-local day. */
    date: z.string(),
    startsAt: z.iso.datetime(),
    customerName: z.string(),
    /** The planned length (start to end), real elapsed minutes. */
    plannedMinutes: z.number().int(),
    /** Arrived to completed (real elapsed minutes), or the planned length when the visit has no such steps. */
    workedMinutes: z.number().int(),
    /** `steps`: from the cleaner's steps; `planned`: no arrived and completed steps, the plan stands in. */
    workedFrom: z.enum(['steps', 'planned']),
    arrivedAt: z.iso.datetime().nullable(),
    completedAt: z.iso.datetime().nullable(),
    /** Worked minus planned (negative: shorter than planned). */
    differenceMinutes: z.number().int(),
    /** Paid travel before this visit (the office's rule). */
    travelMinutes: z.number().int(),
    /** The visit's price before tax. */
    priceCents: z.number().int(),
    /** The terms in effect on the visit's day; null when the employee had none yet (paid 0). */
    rate: payRateShownSchema.nullable(),
    visitPayCents: z.number().int(),
    travelPayCents: z.number().int(),
    payCents: z.number().int(),
  })
  .meta({ id: 'PayVisit' });
export type PayVisit = z.infer<typeof payVisitSchema>;

/** A tip's share received in the period (by when it was received, decision 057). */
export const payTipSchema = z
  .object({
    appointmentId: z.uuid(),
    visitDate: z.string(),
    receivedAt: z.iso.datetime(),
    cents: z.number().int(),
  })
  .meta({ id: 'PayTip' });
export type PayTip = z.infer<typeof payTipSchema>;

export const payTotalsSchema = z
  .object({
    visits: z.number().int(),
    plannedMinutes: z.number().int(),
    workedMinutes: z.number().int(),
    differenceMinutes: z.number().int(),
    travelMinutes: z.number().int(),
    visitPayCents: z.number().int(),
    travelPayCents: z.number().int(),
    payCents: z.number().int(),
    tipsCents: z.number().int(),
    /** Visits whose worked time is the plan (no steps). */
    visitsFromPlan: z.number().int(),
    /** Visits on a day the employee had no pay terms (paid 0). */
    visitsWithoutRate: z.number().int(),
  })
  .meta({ id: 'PayTotals' });
export type PayTotals = z.infer<typeof payTotalsSchema>;

/** An employee's pay for one pay period (admin, or the employee for themselves). */
export const payReportSchema = z
  .object({
    employee: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
    timeZone: z.string(),
    period: z.object({ from: z.string(), to: z.string(), lengthDays: z.number().int() }),
    travelRule: z.enum(PAY_TRAVEL_RULES),
    visits: z.array(payVisitSchema),
    tips: z.array(payTipSchema),
    totals: payTotalsSchema,
  })
  .meta({ id: 'PayReport' });
export type PayReport = z.infer<typeof payReportSchema>;

/** The overview's labour cost (decision 066): this week's pay of every employee against its revenue. */
export const overviewLabourSchema = z
  .object({
    weekStart: z.string(),
    labourCents: z.number().int(),
    revenueCents: z.number().int(),
    /** Labour as a share of revenue in tenths of a percent (423 is 42.3 %); null without revenue. */
    sharePerMille: z.number().int().nullable(),
  })
  .meta({ id: 'OverviewLabour' });
export type OverviewLabour = z.infer<typeof overviewLabourSchema>;
