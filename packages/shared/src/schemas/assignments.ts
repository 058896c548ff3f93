import { z } from '../zod.ts';
import { APPOINTMENT_STATUSES } from '../constants.ts';
import { dateRangeQuerySchema } from '../date-range.ts';

/**
 * Employees assigned to an appointment (their "jobs"). An admin sets the whole list from the
 * appointment edit form; an employee can never hold two jobs whose times overlap.
 */
export const assignmentSchema = z
  .object({
    appointmentId: z.uuid(),
    employeeId: z.uuid(),
    employeeFirstName: z.string(),
    employeeLastName: z.string(),
  })
  .meta({ id: 'Assignment' });
export type Assignment = z.infer<typeof assignmentSchema>;

/** `PUT /appointments/{id}/assignments` (admin): the employees who do this appointment; [] clears it. */
export const setAssignmentsInputSchema = z.object({
  employeeIds: z
    .array(z.uuid('validation.required'), { error: 'validation.required' })
    .max(10, 'assignments.errors.tooMany'),
});
export type SetAssignmentsInput = z.input<typeof setAssignmentsInputSchema>;

/**
 * The employee view of a schedule (spec §3: id, employeeId, serviceId, customerId, startTime, endTime,
 * status, location): one job, i.e. one employee on one appointment. `status` is the appointment's;
 * `location` is the appointment's service address.
 */
export const jobSchema = z
  .object({
    /** `{appointmentId}:{employeeId}`. */
    id: z.string(),
    appointmentId: z.uuid(),
    employeeId: z.uuid(),
    employeeFirstName: z.string(),
    employeeLastName: z.string(),
    /** The appointment's first service (null when that service was deleted since). */
    serviceId: z.uuid().nullable(),
    /** The comma-joined service titles. */
    services: z.string(),
    customerId: z.uuid(),
    customerFirstName: z.string(),
    customerLastName: z.string(),
    startTime: z.iso.datetime(),
    endTime: z.iso.datetime(),
    status: z.enum(APPOINTMENT_STATUSES),
    location: z.string().nullable(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof jobSchema>;

/**
 * `GET /schedules/jobs?from=&to=`: jobs starting on those days (business time zone, both included); this
 * week and the next when absent, one end alone keeps those two weeks' length (decision 024).
 */
export const jobsQuerySchema = dateRangeQuerySchema;
