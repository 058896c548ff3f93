import { z } from '../zod.ts';
import { APPOINTMENT_STATUSES, SHIFTS, SLOT_REASONS, type ShiftHours } from '../constants.ts';
import { serviceIdsQuerySchema, slotsResponseSchema } from './appointments.ts';
import { calendarDate } from './primitives.ts';
import { homeQuerySchema } from './pricing.ts';
import { visitStepSummarySchema } from './visit-steps.ts';

/**
 * Scheduling from the real team (decision 019): the shifts' business hours, the month's bookable days,
 * the dispatch board and an employee's day.
 */

const CLOCK_TIME = /^(([01]\d|2[0-3]):(00|15|30|45)|24:00)$/;
/** `HH:MM` on a quarter hour, from 00:00 to 24:00. */
const clockTime = z
  .string({ error: 'scheduling.errors.time' })
  .trim()
  .regex(CLOCK_TIME, 'scheduling.errors.time');

/** Minutes since midnight of an `HH:MM` time. */
export function minutesOfClock(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

const shiftWindowSchema = z
  .object({ start: clockTime, end: clockTime })
  // Only between two valid times (a malformed one has its own message).
  .refine(
    (window) =>
      !CLOCK_TIME.test(window.start) ||
      !CLOCK_TIME.test(window.end) ||
      minutesOfClock(window.start) < minutesOfClock(window.end),
    {
      error: 'scheduling.errors.shiftOrder',
      path: ['end'],
    },
  );

/** `GET`/`PUT /settings/shift-hours`: the business hours of MORNING, EVENING and NIGHT. */
export const shiftHoursSchema = z
  .object({ MORNING: shiftWindowSchema, EVENING: shiftWindowSchema, NIGHT: shiftWindowSchema })
  .meta({ id: 'ShiftHours' }) satisfies z.ZodType<ShiftHours>;

/** The most days `GET /slots/days` answers for at once (six calendar weeks). */
export const MAX_SLOT_DAYS = 42;

/** `GET /slots/days?from=&to=&serviceIds=`: a calendar month's days, each with a free time or not. */
export const slotDaysQuerySchema = z.object({
  from: calendarDate('validation.date'),
  to: calendarDate('validation.date'),
  serviceIds: serviceIdsQuerySchema,
  ...homeQuerySchema.shape,
});

export const slotDaySchema = z.object({
  date: z.iso.date(),
  /** At least one start time of the day can be booked. */
  available: z.boolean(),
  /** When none can: the reason that applies to the day (the most telling one of its times). */
  reason: z.enum(SLOT_REASONS).nullable(),
});
export type SlotDay = z.infer<typeof slotDaySchema>;

/** What `GET /slots` says of the booking window, for a stretch of days. */
export const slotDaysResponseSchema = slotsResponseSchema
  .pick({ timeZone: true, durationMinutes: true, bookableUntil: true, minNoticeHours: true })
  .extend({
    from: z.iso.date(),
    to: z.iso.date(),
    days: z.array(slotDaySchema),
  })
  .meta({ id: 'SlotDays' });
export type SlotDays = z.infer<typeof slotDaysResponseSchema>;

/** A visit on the dispatch board or in an employee's day. */
export const dispatchVisitSchema = z
  .object({
    appointmentId: z.uuid(),
    customerId: z.uuid(),
    customerFirstName: z.string(),
    customerLastName: z.string(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    status: z.enum(APPOINTMENT_STATUSES),
    address: z.string().nullable(),
    comments: z.string().nullable(),
    /** The comma-joined service titles. */
    services: z.string(),
    /** The employees on it (empty: unassigned, it still holds a cleaner's place). */
    employeeIds: z.array(z.uuid()),
    /** Its recurring series (decision 020), or null for a one-off visit: the board marks it. */
    seriesId: z.uuid().nullable(),
    /** A series visit no cleaner could take ("needs a time"): it holds no place. */
    needsTime: z.boolean(),
    /** Where the visit is in the field (issue 30); null while planned. */
    step: visitStepSummarySchema.nullable(),
    /**
     * When the cleaner recorded "arrived" and "completed" (their last such step, decision 063), null when
     * not recorded or corrected back before it: the board marks a late arrival and an early departure.
     */
    arrivedAt: z.iso.datetime().nullable(),
    completedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'DispatchVisit' });
export type DispatchVisit = z.infer<typeof dispatchVisitSchema>;

/** A shift worked that day, from an availability, as instants. */
export const workedShiftSchema = z.object({
  availabilityId: z.uuid(),
  shift: z.enum(SHIFTS),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});
export type WorkedShift = z.infer<typeof workedShiftSchema>;

export const dispatchLaneSchema = z
  .object({
    employeeId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    /** The shifts this employee works that day (none: not working, jobs may still be given). */
    shifts: z.array(workedShiftSchema),
    /** Their visits that day, earliest first (pending, confirmed and completed). */
    visits: z.array(dispatchVisitSchema),
  })
  .meta({ id: 'DispatchLane' });
export type DispatchLane = z.infer<typeof dispatchLaneSchema>;

export const dispatchDaySchema = z.object({
  date: z.iso.date(),
  /** One lane per active employee (and any inactive one who still has a visit that day), by name. */
  lanes: z.array(dispatchLaneSchema),
  /** Pending or confirmed visits with nobody on them, earliest first. */
  unassigned: z.array(dispatchVisitSchema),
});
export type DispatchDay = z.infer<typeof dispatchDaySchema>;

export const DISPATCH_VIEWS = ['day', 'week'] as const;
export type DispatchView = (typeof DISPATCH_VIEWS)[number];

/** `GET /dispatch?date=&view=day|week` (admin): a week starts on the Monday of `date`'s week. */
export const dispatchQuerySchema = z.object({
  date: calendarDate('validation.date'),
  view: z.enum(DISPATCH_VIEWS, { error: 'validation.invalid' }).default('day'),
});

export const dispatchBoardSchema = z
  .object({
    view: z.enum(DISPATCH_VIEWS),
    from: z.iso.date(),
    to: z.iso.date(),
    timeZone: z.string(),
    /** Travel time kept free between two jobs of one employee (`BUFFER_MINUTES`). */
    bufferMinutes: z.number().int(),
    days: z.array(dispatchDaySchema),
  })
  .meta({ id: 'DispatchBoard' });
export type DispatchBoard = z.infer<typeof dispatchBoardSchema>;

/** `GET /dispatch/my-day?date=` (an employee): their shifts and visits of that day, in order. */
export const myDayQuerySchema = z.object({ date: calendarDate('validation.date') });

export const myDaySchema = z
  .object({
    date: z.iso.date(),
    timeZone: z.string(),
    bufferMinutes: z.number().int(),
    employeeId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    shifts: z.array(workedShiftSchema),
    visits: z.array(dispatchVisitSchema),
  })
  .meta({ id: 'MyDay' });
export type MyDay = z.infer<typeof myDaySchema>;

/**
 * `DELETE /availabilities/my-availabilities/{id}` and `DELETE /availabilities/{id}`: with
 * `jobs=unassign`, the jobs that only this availability covered are taken off the employee (the admin
 * sees them as unassigned); without it, such jobs refuse the delete (409 AVAILABILITY_HAS_JOBS).
 */
export const deleteAvailabilityQuerySchema = z.object({
  jobs: z.enum(['unassign'], { error: 'validation.invalid' }).optional(),
});
