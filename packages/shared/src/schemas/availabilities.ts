import { z } from '../zod.ts';
import { SCHEDULE_STATUSES, SHIFTS } from '../constants.ts';
import { calendarDay, instant } from './primitives.ts';

const shiftSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.enum(SHIFTS, { error: 'availabilities.errors.required' }),
);

export const availabilitySchema = z
  .object({
    availabilityId: z.uuid(),
    employeeId: z.uuid(),
    employeeFirstName: z.string(),
    employeeLastName: z.string(),
    /** Midnight of the available day in the business time zone, as an instant. */
    availableDate: z.iso.datetime(),
    /** The day itself (YYYY-MM-DD, business time zone). */
    day: z.iso.date(),
    shift: z.enum(SHIFTS),
    comments: z.string().nullable(),
  })
  .meta({ id: 'Availability' });
export type Availability = z.infer<typeof availabilitySchema>;

/**
 * An employee's own availability (`POST`/`PUT /availabilities/my-availabilities`). The date is a day
 * (YYYY-MM-DD) or a date-time whose day counts (`calendarDay`); the shift is upper-cased. The employee's name comes from
 * their record, whatever the client sends.
 */
export const availabilityInputSchema = z.object({
  availableDate: calendarDay('availabilities.errors.required'),
  shift: shiftSchema,
  comments: z
    .string()
    .trim()
    .max(500, 'validation.tooLong')
    .nullish()
    .transform((value) => (value?.length ? value : null)),
});
export type AvailabilityInput = z.input<typeof availabilityInputSchema>;

export const availabilityIdParamsSchema = z.object({ availabilityId: z.uuid() });

export const scheduleSchema = z
  .object({
    scheduleId: z.uuid(),
    employeeId: z.uuid(),
    employeeFirstName: z.string(),
    employeeLastName: z.string(),
    availabilityId: z.uuid().nullable(),
    assignedDate: z.iso.datetime(),
    shift: z.enum(SHIFTS),
    status: z.enum(SCHEDULE_STATUSES),
    comments: z.string().nullable(),
  })
  .meta({ id: 'Schedule' });
export type Schedule = z.infer<typeof scheduleSchema>;

/** `POST /schedules`: assignedDate an ISO date-time (cut to minutes by the page), shift and status upper-cased. */
export const createScheduleInputSchema = z.object({
  employeeId: z.uuid('validation.required'),
  availabilityId: z.uuid().nullish(),
  /** The spec's page sends `toISOString()` cut to minutes ("2027-03-10T14:00", UTC without the Z). */
  assignedDate: instant('schedules.errors.date', { local: true }),
  shift: shiftSchema,
  status: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
      z.enum(SCHEDULE_STATUSES),
    )
    .default('PENDING'),
  comments: z
    .string()
    .trim()
    .max(500, 'validation.tooLong')
    .nullish()
    .transform((value) => (value?.length ? value : null)),
});
export type CreateScheduleInput = z.input<typeof createScheduleInputSchema>;

/** `PUT /schedules/{id}` (admin): the date, shift, status and comments of an assigned shift. */
export const updateScheduleInputSchema = createScheduleInputSchema.omit({
  employeeId: true,
  availabilityId: true,
});
export type UpdateScheduleInput = z.input<typeof updateScheduleInputSchema>;

export const scheduleIdParamsSchema = z.object({ scheduleId: z.uuid() });

/** `POST /availabilities` (admin): an availability for a team member, the same fields plus whose it is. */
export const adminAvailabilityInputSchema = availabilityInputSchema.extend({
  employeeId: z.uuid('validation.required'),
});
export type AdminAvailabilityInput = z.input<typeof adminAvailabilityInputSchema>;
