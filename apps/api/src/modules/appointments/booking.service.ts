import { sql } from 'drizzle-orm';
import { SLOT_HOURS, type Locale, type Slots } from '@eclat/shared';
import type { Db } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { fromLocal, toLocal } from '../../lib/time-zone.ts';
import { findActiveBetween, findBookableServices } from './appointments.repository.ts';

const HOUR = 60 * 60 * 1000;

export type BookingRules = { timeZone: string; capacity: number; now?: Date };

/** An appointment occupies every hour its services touch, at least one. */
export function occupiedUntil(start: Date, durationMinutes: number): Date {
  return new Date(start.getTime() + Math.max(60, durationMinutes) * 60_000);
}

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

/** The 12 hourly slots of a business-local day, each bookable or not (past, or full for this duration). */
export async function computeSlots(
  db: Db,
  date: string,
  durationMinutes: number,
  rules: BookingRules,
): Promise<Slots> {
  const now = rules.now ?? new Date();
  const starts = SLOT_HOURS.map((hour) => ({ hour, start: fromLocal(date, hour, 0, rules.timeZone) }));
  const first = starts[0]?.start ?? now;
  const last = starts[starts.length - 1]?.start ?? now;
  const busy = await findActiveBetween(db, first, occupiedUntil(last, durationMinutes));
  return {
    date,
    timeZone: rules.timeZone,
    durationMinutes: Math.max(60, durationMinutes),
    slots: starts.map(({ hour, start }) => {
      const isPast = start.getTime() <= now.getTime();
      const isFull = !isPast && !hasRoom(busy, start, occupiedUntil(start, durationMinutes), rules.capacity);
      return {
        hour,
        startsAt: start.toISOString(),
        available: !isPast && !isFull,
        reason: isPast ? ('past' as const) : isFull ? ('full' as const) : null,
      };
    }),
  };
}

const invalid = (path: string, message: string, key: string) =>
  new AppError('VALIDATION_ERROR', message, [{ path, message: key }]);

/** The services to book, as they are now (titles and prices come from here, never from the client). */
export async function resolveServices(db: Db, ids: string[], allowUnavailable: boolean) {
  const unique = [...new Set(ids)];
  const found = await findBookableServices(db, unique);
  const byId = new Map(found.map((service) => [service.id, service]));
  const lines = unique.map((id) => byId.get(id));
  if (lines.some((line) => !line || (!line.isAvailable && !allowUnavailable))) {
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

/** The start must be one of the day's hourly slots, in the future. */
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
  if (start.getTime() <= (rules.now ?? new Date()).getTime()) {
    throw invalid('body.appointmentDate', 'You cannot select a past time.', 'appointments.errors.pastTime');
  }
  return { date: local.date, hour: local.hour };
}

/**
 * Inside the booking transaction: takes the day's lock (every booking of a business day waits its turn,
 * on every instance), then refuses with 409 SLOT_FULL when an hour of the appointment is at capacity.
 */
export async function reserveCapacity(
  db: Db,
  start: Date,
  end: Date,
  rules: BookingRules,
  exceptAppointmentId?: string,
): Promise<void> {
  const days = new Set([
    toLocal(start, rules.timeZone).date,
    toLocal(new Date(end.getTime() - 1), rules.timeZone).date,
  ]);
  for (const day of [...days].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`slots:${day}`}))`);
  }
  const busy = await findActiveBetween(db, start, end, exceptAppointmentId);
  if (!hasRoom(busy, start, end, rules.capacity)) {
    throw new AppError('SLOT_FULL', 'This time is fully booked. Please choose another time.');
  }
}

export type BookingLocale = Locale;
