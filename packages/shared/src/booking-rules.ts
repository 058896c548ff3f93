import { FIRST_SLOT_HOUR, LAST_SLOT_HOUR, type AppointmentStatus } from './constants.ts';
import { fromLocal, toLocal } from './time-zone.ts';

/**
 * The booking rules that need no database (decision 012), shared so the server decides with them and
 * the web app shows the same answer before asking.
 */

/** Slots are start hours: the business day closes one hour after the last one starts (21:00). */
export const CLOSING_HOUR = LAST_SLOT_HOUR + 1;
/** The longest visit: one whole business day, opening to closing (720 minutes). */
export const MAX_VISIT_MINUTES = (CLOSING_HOUR - FIRST_SLOT_HOUR) * 60;

/** The time a visit holds: its services' total duration, at least one hour. */
export function occupiedMinutes(durationMinutes: number): number {
  return Math.max(60, durationMinutes);
}

/** The instant a visit of this duration ends (it holds at least one hour). */
export function visitEnd(start: Date, durationMinutes: number): Date {
  return new Date(start.getTime() + occupiedMinutes(durationMinutes) * 60_000);
}

/** Does a visit starting at `start` end by the closing time of its business day? */
export function endsByClosing(start: Date, durationMinutes: number, timeZone: string): boolean {
  const closing = fromLocal(toLocal(start, timeZone).date, CLOSING_HOUR, 0, timeZone);
  return visitEnd(start, durationMinutes).getTime() <= closing.getTime();
}

/** A calendar date (YYYY-MM-DD) moved by a number of days. */
export function addDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The last business-local day a visit may start on: today plus the horizon (`BOOKING_HORIZON_DAYS`). */
export function lastBookableDate(today: string, horizonDays: number): string {
  return addDays(today, horizonDays);
}

/** Pending and confirmed visits hold their hours (and count as the customer's open visits). */
export function isActiveStatus(status: AppointmentStatus): boolean {
  return status === 'pending' || status === 'confirmed';
}

/**
 * Can its customer still change or cancel a visit? Only while it is pending or confirmed and has not
 * started: a completed or past visit is the company's record (APPOINTMENT_CLOSED).
 */
export function isOpenForCustomer(
  visit: { status: AppointmentStatus; appointmentDate: string | Date },
  now: Date,
): boolean {
  return isActiveStatus(visit.status) && new Date(visit.appointmentDate).getTime() > now.getTime();
}

/**
 * What a customer may still do to their own visit themselves (decision 027):
 * - `open`: move it, change its services or cancel it, up to `CHANGE_CUTOFF_HOURS` before its start;
 * - `tooLate`: inside the cut-off, only its comments change; the office moves or cancels it by phone
 *   (409 TOO_LATE_TO_CHANGE);
 * - `closed`: completed, cancelled or started: the company's record (409 APPOINTMENT_CLOSED).
 */
export type CustomerReach = 'open' | 'tooLate' | 'closed';

export function customerReach(
  visit: { status: AppointmentStatus; appointmentDate: string | Date },
  now: Date,
  cutoffHours: number,
): CustomerReach {
  if (!isOpenForCustomer(visit, now)) return 'closed';
  return changeDeadline(visit.appointmentDate, cutoffHours).getTime() > now.getTime() ? 'open' : 'tooLate';
}

/** The last moment a customer may move or cancel a visit starting at `start` themselves. */
export function changeDeadline(start: string | Date, cutoffHours: number): Date {
  return new Date(new Date(start).getTime() - cutoffHours * 60 * 60 * 1000);
}
