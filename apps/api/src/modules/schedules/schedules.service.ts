import { isTheirs } from '../auth/ownership.ts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type {
  createScheduleInputSchema,
  DateRangeQuery,
  Schedule,
  updateScheduleInputSchema,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { listRange } from '../../lib/date-range.ts';
import { currentUser } from '../../plugins/auth.ts';
import { myEmployee } from '../employees/my-employee.ts';
import { findAvailability } from '../availabilities/availabilities.repository.ts';
import { namedEmployee } from '../availabilities/availabilities.service.ts';
import {
  deleteSchedule,
  findSchedule,
  findSchedules,
  insertSchedule,
  updateSchedule,
} from './schedules.repository.ts';

/**
 * Schedules: shifts assigned to an employee, usually from one of their availabilities. An employee
 * asks for their own (PENDING); an admin assigns, approves, rejects, changes and deletes. The caller is
 * the request it was made with ("my" is `myEmployee`).
 */

export type SchedulesDeps = { db: Db; config: AppConfig };

/** Assigned shifts on the days of `query`: an admin sees everyone's, an employee their own. */
export async function listSchedules(
  { db, config }: SchedulesDeps,
  caller: FastifyRequest,
  query: DateRangeQuery,
): Promise<Schedule[]> {
  const range = listRange(query, 'fromToday', config.businessTimeZone);
  if (currentUser(caller).permissions.has('admin')) return findSchedules(db, range);
  return findSchedules(db, { ...range, employeeId: (await myEmployee(db, caller)).id });
}

/** Assigns a shift; an employee plans only their own, and only as a request an admin approves or rejects. */
export async function createSchedule(
  { db, config }: SchedulesDeps,
  caller: FastifyRequest,
  input: z.output<typeof createScheduleInputSchema>,
): Promise<Schedule> {
  const employee = await namedEmployee(db, input.employeeId, 'schedules.errors.employee');
  if (!currentUser(caller).permissions.has('admin')) {
    if ((await myEmployee(db, caller)).id !== employee.id) {
      throw new AppError('FORBIDDEN', 'You can only assign your own schedule.', [
        { path: 'body.employeeId', message: 'schedules.errors.notYours' },
      ]);
    }
    if (input.status !== 'PENDING') {
      throw new AppError('FORBIDDEN', 'Only an admin approves or rejects a schedule.', [
        { path: 'body.status', message: 'schedules.errors.statusAdminOnly' },
      ]);
    }
  }
  if (input.availabilityId) {
    const availability = await findAvailability(db, input.availabilityId, config.businessTimeZone);
    if (!availability || !isTheirs(employee, availability.employeeId)) {
      throw new AppError('VALIDATION_ERROR', 'The availability is not this employee’s.', [
        { path: 'body.availabilityId', message: 'schedules.errors.availability' },
      ]);
    }
  }
  return insertSchedule(db, {
    employeeId: employee.id,
    availabilityId: input.availabilityId ?? null,
    assignedDate: new Date(input.assignedDate),
    shift: input.shift,
    status: input.status,
    comments: input.comments ?? null,
  });
}

/** One assigned shift: an admin any, an employee their own (403 for another's, 404 when none). */
export async function readableSchedule(
  { db }: SchedulesDeps,
  caller: FastifyRequest,
  scheduleId: string,
): Promise<Schedule> {
  const schedule = await findSchedule(db, scheduleId);
  if (!schedule) throw notFound('Schedule');
  if (
    !currentUser(caller).permissions.has('admin') &&
    !isTheirs(await myEmployee(db, caller), schedule.employeeId)
  ) {
    throw forbidden('This is not your schedule.');
  }
  return schedule;
}

/** An admin changes a shift: date, shift, status (approve or reject), comments. */
export async function changeSchedule(
  { db }: SchedulesDeps,
  scheduleId: string,
  input: z.output<typeof updateScheduleInputSchema>,
): Promise<Schedule> {
  const updated = await updateSchedule(db, scheduleId, {
    assignedDate: new Date(input.assignedDate),
    shift: input.shift,
    status: input.status,
    comments: input.comments ?? null,
  });
  if (!updated) throw notFound('Schedule');
  return updated;
}

/** An admin deletes a shift. */
export async function removeSchedule({ db }: SchedulesDeps, scheduleId: string): Promise<void> {
  if (!(await deleteSchedule(db, scheduleId))) throw notFound('Schedule');
}
