import { addDays } from './booking-rules.ts';

/**
 * Hours and pay (issue 30 §6, decision 066): the pay period's arithmetic, shared by the server (which
 * reports a period) and the web page (which steps from one period to the next).
 */

/** How an employee is paid: by the hour worked, or a percent of the visit's price before tax. */
export const PAY_KINDS = ['hourly', 'percent'] as const;
export type PayKind = (typeof PAY_KINDS)[number];

/** The travel the office pays (`PAY_TRAVEL`): the travel buffer before each visit after the day's first, or none. */
export const PAY_TRAVEL_RULES = ['buffer', 'none'] as const;
export type PayTravelRule = (typeof PAY_TRAVEL_RULES)[number];

/** The longest hourly rate accepted, in cents ($1,000.00 an hour: a guard against a typo). */
export const MAX_HOURLY_CENTS = 100_000;
/** A percent in hundredths of a percent (basis points): 10000 is 100 %. */
export const MAX_PERCENT_BASIS_POINTS = 10_000;

/** A pay period: its first and last business-local days (YYYY-MM-DD), both included. */
export type PayPeriod = { from: string; to: string };

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/**
 * The pay period holding `day`: periods of `lengthDays` (7 or 14) follow one another from `anchor`
 * (a period's first day), before it as after it. Calendar days only: a period is whole business days
 * whatever the clock does in between.
 */
export function payPeriodOf(day: string, anchor: string, lengthDays: number): PayPeriod {
  const offset = dayNumber(day) - dayNumber(anchor);
  const index = Math.floor(offset / lengthDays);
  const from = addDays(anchor, index * lengthDays);
  return { from, to: addDays(from, lengthDays - 1) };
}

/** The payroll CSV's file name (the server's Content-Disposition and the web's saved file). */
export const payCsvFileName = (period: PayPeriod, employeeId: string) =>
  `pay-${period.from}-to-${period.to}-${employeeId}.csv`;
