import { eq, sql } from 'drizzle-orm';
import {
  addDays,
  endsByClosing,
  isOpenForCustomer,
  lastBookableDate,
  MAX_VISIT_MINUTES,
  occupiedMinutes,
  SLOT_HOURS,
  todayIn,
  visitEnd,
  type AppointmentStatus,
  type Slots,
} from '@eclat/shared';
import { appointments } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { fromLocal, toLocal } from '../../lib/time-zone.ts';
import {
  countOpenVisits,
  findActiveBetween,
  findBookableServices,
  lockAppointment,
} from './appointments.repository.ts';

/**
 * The booking rules (decisions 007 and 012), in one place: every route that creates, moves, changes or
 * cancels an appointment calls these functions, so a rule change is one diff. Which rule binds whom:
 *
 * | rule | customer routes | admin form |
 * |---|---|---|
 * | start on a slot, in the future, within the horizon | yes | yes (unless the time is kept) |
 * | the visit fits one business day (VISIT_TOO_LONG) | yes | yes (unless time and services are kept) |
 * | capacity of every hour (SLOT_FULL) | yes | yes, when the status holds the hours |
 * | a customer's visits never overlap (VISITS_OVERLAP) | yes | no (several sites of a business) |
 * | at most MAX_OPEN_VISITS future visits (TOO_MANY_OPEN_VISITS) | yes, new bookings | no |
 * | completed or past visits are closed (APPOINTMENT_CLOSED) | yes | no |
 * | a confirmed visit moved or changed becomes pending | yes | no (the admin sets the status) |
 * | withdrawn services cannot be added | yes | no |
 */

const HOUR = 60 * 60 * 1000;

export type BookingRules = {
  timeZone: string;
  capacity: number;
  maxOpenVisits: number;
  horizonDays: number;
  now?: Date;
};

/** The appointment's end for its services' duration (it holds at least one hour). */
export const occupiedUntil = visitEnd;

/** Whole-hour windows [start, end) that a span touches. */
function hoursTouched(start: Date, end: Date): Date[] {
  const hours: Date[] = [];
  for (let t = start.getTime(); t < end.getTime(); t += HOUR) hours.push(new Date(t));
  return hours;
}

function countOverlapping(busy: { start: Date; end: Date }[], from: Date, to: Date): number {
  return busy.filter((appointment) => appointment.start < to && appointment.end > from).length;
}

/** Is there room at every hour of [start, end)? */
function hasRoom(busy: { start: Date; end: Date }[], start: Date, end: Date, capacity: number): boolean {
  return hoursTouched(start, end).every(
    (hour) => countOverlapping(busy, hour, new Date(hour.getTime() + HOUR)) < capacity,
  );
}

const nowOf = (rules: BookingRules) => rules.now ?? new Date();

/** The last business-local day a visit may start on. */
export function bookableUntil(rules: BookingRules): string {
  return lastBookableDate(todayIn(rules.timeZone, nowOf(rules)), rules.horizonDays);
}

/**
 * The 12 hourly slots of a business-local day, each bookable or not: past, beyond the horizon, ending
 * after closing for this duration, or full at an hour it needs.
 */
export async function computeSlots(
  db: Db,
  date: string,
  durationMinutes: number,
  rules: BookingRules,
): Promise<Slots> {
  const now = nowOf(rules);
  const until = bookableUntil(rules);
  const isBeyondHorizon = date > until;
  const starts = SLOT_HOURS.map((hour) => ({ hour, start: fromLocal(date, hour, 0, rules.timeZone) }));
  const first = starts[0]?.start ?? now;
  const last = starts[starts.length - 1]?.start ?? now;
  // A day beyond the horizon has nothing to count (and is never read).
  const busy = isBeyondHorizon ? [] : await findActiveBetween(db, first, visitEnd(last, durationMinutes));
  return {
    date,
    timeZone: rules.timeZone,
    durationMinutes: occupiedMinutes(durationMinutes),
    bookableUntil: until,
    slots: starts.map(({ hour, start }) => {
      let reason: Slots['slots'][number]['reason'] = null;
      if (start.getTime() <= now.getTime()) reason = 'past';
      else if (isBeyondHorizon) reason = 'horizon';
      else if (!endsByClosing(start, durationMinutes, rules.timeZone)) reason = 'closing';
      else if (!hasRoom(busy, start, visitEnd(start, durationMinutes), rules.capacity)) reason = 'full';
      return { hour, startsAt: start.toISOString(), available: reason === null, reason };
    }),
  };
}

const invalid = (path: string, message: string, key: string) =>
  new AppError('VALIDATION_ERROR', message, [{ path, message: key }]);

/**
 * The services to book, as they are now (titles and prices come from here, never from the client).
 * Withdrawn services (`isAvailable: false`) are refused unless `withdrawnAllowed` is `all` (the admin's
 * form) or lists them (the services already on the appointment a customer changes).
 */
export async function resolveServices(
  db: Db,
  ids: string[],
  withdrawnAllowed: 'all' | 'none' | readonly string[],
) {
  const unique = [...new Set(ids)];
  const found = await findBookableServices(db, unique);
  const byId = new Map(found.map((service) => [service.id, service]));
  const isAllowed = (service: { id: string; isAvailable: boolean }) =>
    service.isAvailable ||
    withdrawnAllowed === 'all' ||
    (Array.isArray(withdrawnAllowed) && withdrawnAllowed.includes(service.id));
  const lines = unique.map((id) => byId.get(id));
  if (lines.some((line) => !line || !isAllowed(line))) {
    throw invalid(
      'body.serviceIds',
      'A chosen service does not exist or is not offered.',
      'appointments.errors.services',
    );
  }
  const services = lines.filter((line) => line !== undefined);
  return {
    lines: services.map((service) => ({
      serviceId: service.id,
      title: service.title,
      price: service.pricing,
      durationMinutes: service.durationMinutes,
    })),
    totalPrice: Math.round(services.reduce((sum, service) => sum + service.pricing, 0) * 100) / 100,
    durationMinutes: services.reduce((sum, service) => sum + service.durationMinutes, 0),
  };
}

/** The start must be one of the day's hourly slots, in the future, within the booking horizon. */
export function checkStart(start: Date, rules: BookingRules): { date: string; hour: number } {
  const local = toLocal(start, rules.timeZone);
  if (
    local.minute !== 0 ||
    start.getUTCSeconds() !== 0 ||
    start.getUTCMilliseconds() !== 0 ||
    !SLOT_HOURS.includes(local.hour)
  ) {
    throw invalid(
      'body.appointmentDate',
      'Appointments start on the hour, from 09:00 to 20:00.',
      'appointments.errors.slot',
    );
  }
  if (start.getTime() <= nowOf(rules).getTime()) {
    throw invalid('body.appointmentDate', 'You cannot select a past time.', 'appointments.errors.pastTime');
  }
  if (local.date > bookableUntil(rules)) {
    throw invalid(
      'body.appointmentDate',
      `Appointments can be booked up to ${rules.horizonDays} days ahead.`,
      'appointments.errors.beyondHorizon',
    );
  }
  return { date: local.date, hour: local.hour };
}

/**
 * One visit fits inside one business day's opening hours: no longer than the day (VISIT_TOO_LONG), and
 * ending by closing time (a later start is refused on the start).
 */
export function checkFitsOneDay(start: Date, durationMinutes: number, rules: BookingRules): void {
  if (durationMinutes > MAX_VISIT_MINUTES) {
    throw new AppError(
      'VISIT_TOO_LONG',
      `These services take ${Math.ceil(durationMinutes / 60)} hours; one visit fits in one business day (${MAX_VISIT_MINUTES / 60} hours). Book fewer services per visit.`,
      [{ path: 'body.serviceIds', message: 'appointments.errors.visitTooLong' }],
    );
  }
  if (!endsByClosing(start, durationMinutes, rules.timeZone)) {
    throw invalid(
      'body.appointmentDate',
      'This visit would end after closing time. Choose an earlier start.',
      'appointments.errors.endsAfterClosing',
    );
  }
}

/**
 * The visit asked for, checked before any lock is taken: services (see `resolveServices`), start and
 * span. `kept` is the appointment's current time when an admin edits it: keeping that time skips the
 * start check (an admin closes a past appointment), keeping time and length skips the one-day check.
 */
export async function planVisit(
  db: Db,
  input: { appointmentDate: string; serviceIds: string[] },
  options: {
    rules: BookingRules;
    withdrawnAllowed: 'all' | 'none' | readonly string[];
    kept?: { appointmentDate: string; endsAt: string };
  },
) {
  const start = new Date(input.appointmentDate);
  const services = await resolveServices(db, input.serviceIds, options.withdrawnAllowed);
  const end = visitEnd(start, services.durationMinutes);
  const { kept, rules } = options;
  const keepsStart = kept !== undefined && new Date(kept.appointmentDate).getTime() === start.getTime();
  const keepsEnd = kept !== undefined && new Date(kept.endsAt).getTime() === end.getTime();
  if (!keepsStart) checkStart(start, rules);
  if (!keepsStart || !keepsEnd) checkFitsOneDay(start, services.durationMinutes, rules);
  return { start, end, services };
}

/** Every business-local day from the one `start` falls on to the one `end` falls on, in order. */
function daysSpanned(start: Date, end: Date, timeZone: string): string[] {
  const last = toLocal(new Date(Math.max(start.getTime(), end.getTime() - 1)), timeZone).date;
  const days: string[] = [];
  for (let day = toLocal(start, timeZone).date; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * Inside the transaction that writes a visit which holds its hours (pending or confirmed). Locks, always
 * in this order (so two transactions never wait on each other in a circle): the customer
 * (`visits:<customerId>`), then every business day the visit spans (`slots:<local date>`, in date order).
 * Then, with nobody else able to book that customer or those days:
 * - a customer's own new booking (`by: 'customer'`, no `exceptAppointmentId`): at most `maxOpenVisits`
 *   future visits (TOO_MANY_OPEN_VISITS);
 * - a customer's booking or change: their other active visits must not overlap it (VISITS_OVERLAP);
 * - always: every hour it touches must have room (SLOT_FULL).
 * An admin (`by: 'admin'`) may give a customer more visits, at once (a business with several sites).
 */
export async function reserveVisit(
  db: Db,
  visit: {
    customerId: string;
    start: Date;
    end: Date;
    exceptAppointmentId?: string | undefined;
    by: 'customer' | 'admin';
  },
  rules: BookingRules,
): Promise<void> {
  const { customerId, start, end, exceptAppointmentId } = visit;
  const byCustomer = visit.by === 'customer';
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`visits:${customerId}`}))`);
  for (const day of daysSpanned(start, end, rules.timeZone)) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`slots:${day}`}))`);
  }
  const isNewBooking = byCustomer && exceptAppointmentId === undefined;
  if (isNewBooking && (await countOpenVisits(db, customerId, nowOf(rules))) >= rules.maxOpenVisits) {
    throw new AppError(
      'TOO_MANY_OPEN_VISITS',
      `A customer can hold ${rules.maxOpenVisits} upcoming visits at most.`,
    );
  }
  const own = byCustomer
    ? await findActiveBetween(db, start, end, { exceptId: exceptAppointmentId, customerId })
    : [];
  if (own.length > 0) {
    throw new AppError('VISITS_OVERLAP', 'This customer already has a visit at an overlapping time.', [
      { path: 'body.appointmentDate', message: 'appointments.errors.overlap' },
    ]);
  }
  const busy = await findActiveBetween(db, start, end, { exceptId: exceptAppointmentId });
  if (!hasRoom(busy, start, end, rules.capacity)) {
    throw new AppError('SLOT_FULL', 'This time is fully booked. Please choose another time.');
  }
}

/**
 * Inside a customer's change or cancel: locks the appointment's row and refuses (409 APPOINTMENT_CLOSED)
 * when it is completed or has started. Returns the locked row's current status.
 */
export async function lockOpenVisit(db: Db, appointmentId: string, customerId: string, rules: BookingRules) {
  const current = await lockAppointment(db, appointmentId);
  if (!current) throw new AppError('NOT_FOUND', 'Appointment not found.');
  // Checked on the locked row: an admin may have given the visit to another customer a moment ago.
  if (current.customerId !== customerId)
    throw new AppError('FORBIDDEN', 'You can only change your own appointments.');
  if (current.status !== 'cancelled' && !isOpenForCustomer(current, nowOf(rules))) {
    throw new AppError(
      'APPOINTMENT_CLOSED',
      'This appointment is completed or has started: it can no longer be changed or cancelled.',
    );
  }
  return current;
}

/**
 * A customer's cancel (the spec's DELETE, `PUT` with status cancelled, or the cancel route): the row is
 * kept with status cancelled (decision 007); cancelling twice changes nothing; closed visits refuse.
 */
export async function cancelOwnVisit(
  db: Db,
  visit: { appointmentId: string; customerId: string },
  userId: string,
  rules: BookingRules,
): Promise<void> {
  const { appointmentId } = visit;
  const current = await lockOpenVisit(db, appointmentId, visit.customerId, rules);
  if (current.status === 'cancelled') return;
  await db
    .update(appointments)
    .set({ status: 'cancelled', cancelledAt: nowOf(rules), cancelledByUserId: userId })
    .where(eq(appointments.id, appointmentId));
}

/**
 * The status after a customer's change: a confirmed visit whose time or services change is pending
 * again (the company confirms the new one); a change of comments only keeps it confirmed.
 */
export function statusAfterCustomerChange(
  current: AppointmentStatus,
  change: { isNewTime: boolean; isNewServices: boolean },
): AppointmentStatus {
  return current === 'confirmed' && (change.isNewTime || change.isNewServices) ? 'pending' : current;
}
