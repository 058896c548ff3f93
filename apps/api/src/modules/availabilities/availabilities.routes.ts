import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminAvailabilityInputSchema,
  availabilityIdParamsSchema,
  deleteAvailabilityQuerySchema,
  jobSchema,
  type Availability,
  availabilityInputSchema,
  availabilitySchema,
  createScheduleInputSchema,
  dateRangeQuerySchema,
  LIST_RANGE_MAX_DAYS,
  scheduleIdParamsSchema,
  scheduleSchema,
  updateScheduleInputSchema,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { listRange } from '../../lib/date-range.ts';
import { fromLocal } from '../../lib/time-zone.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findEmployee } from '../employees/employees.repository.ts';
import { myEmployee as findMyEmployee } from '../employees/my-employee.ts';
import {
  deleteAvailability,
  findAvailabilities,
  findAvailability,
  findSchedule,
  findSchedules,
  deleteSchedule,
  updateSchedule,
  insertAvailability,
  insertSchedule,
  updateAvailability,
} from './availabilities.repository.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import type { Db } from '../../db/transaction.ts';
import { findJobs } from '../assignments/assignments.repository.ts';
import { lockEmployees, removeAssignments } from '../scheduling/staff.repository.ts';
import { findJobsCoveredBy } from '../scheduling/dispatch.repository.ts';
import { findShiftHours } from '../scheduling/team.repository.ts';
import { bumpRevision } from '../appointments/appointments.repository.ts';
import { queueVisitNotices } from '../appointments/visit-notices.ts';

/**
 * Availabilities (an employee posts their own; an admin sees everyone's) and schedules (shifts assigned
 * from availabilities). "My" is the employee record linked to the signed-in account by email.
 */
export const availabilitiesRoutes: FastifyPluginCallbackZod<{ config: AppConfig }> = (
  app,
  { config },
  done,
) => {
  const staff = app.requireAnyPermission('admin', 'employee');
  const adminOnly = app.requireAnyPermission('admin');
  const tz = config.businessTimeZone;

  const myEmployee = (request: FastifyRequest) => findMyEmployee(app.db, request);

  const fieldsOf = (input: z.output<typeof availabilityInputSchema>) => ({
    // Stored as midnight of that day in the business time zone.
    availableDate: fromLocal(input.availableDate, 0, 0, tz),
    shift: input.shift,
    comments: input.comments ?? null,
  });

  /** An availability an admin may read, or its own employee (403 for another's, 404 when none). */
  async function readableAvailability(request: FastifyRequest, id: string) {
    const availability = await findAvailability(app.db, id, tz);
    if (!availability) throw notFound('Availability');
    if (
      !currentUser(request).permissions.has('admin') &&
      availability.employeeId !== (await myEmployee(request)).id
    ) {
      throw forbidden('This is not your availability.');
    }
    return availability;
  }

  /** The employee a body names, or a 400 on `body.employeeId` with the screen's own message. */
  async function namedEmployee(employeeId: string, message: string) {
    const employee = await findEmployee(app.db, employeeId);
    if (!employee) {
      throw new AppError('VALIDATION_ERROR', 'No such employee.', [{ path: 'body.employeeId', message }]);
    }
    return employee;
  }

  app.get(
    '/availabilities',
    {
      preValidation: staff,
      schema: {
        tags: ['availabilities'],
        summary: `Availabilities: an admin sees everyone's, an employee their own; the days ?from=&to= (YYYY-MM-DD, both included, at most ${LIST_RANGE_MAX_DAYS}), from today for 8 weeks by default`,
        security: bearer,
        querystring: dateRangeQuerySchema,
        response: { 200: z.array(availabilitySchema), ...errors },
      },
    },
    async (request) => {
      const range = listRange(request.query, 'fromToday', tz);
      if (currentUser(request).permissions.has('admin')) return findAvailabilities(app.db, tz, range);
      return findAvailabilities(app.db, tz, { ...range, employeeId: (await myEmployee(request)).id });
    },
  );

  app.get(
    '/availabilities/my-availabilities',
    {
      preValidation: staff,
      schema: {
        tags: ['availabilities'],
        summary: `My availabilities on the days ?from=&to= (YYYY-MM-DD, both included, at most ${LIST_RANGE_MAX_DAYS}), from today for 8 weeks by default`,
        security: bearer,
        querystring: dateRangeQuerySchema,
        response: { 200: z.array(availabilitySchema), ...errors },
      },
    },
    async (request) =>
      findAvailabilities(app.db, tz, {
        ...listRange(request.query, 'fromToday', tz),
        employeeId: (await myEmployee(request)).id,
      }),
  );

  app.get(
    '/availabilities/:availabilityId',
    {
      preValidation: staff,
      schema: {
        tags: ['availabilities'],
        summary: 'One availability (an admin any, an employee their own)',
        security: bearer,
        params: availabilityIdParamsSchema,
        response: { 200: availabilitySchema, ...errors },
      },
    },
    async (request) => readableAvailability(request, request.params.availabilityId),
  );

  app.post(
    '/availabilities/my-availabilities',
    {
      preValidation: staff,
      schema: {
        tags: ['availabilities'],
        summary: 'Add my availability (a day and a shift)',
        security: bearer,
        body: availabilityInputSchema,
        response: { 201: availabilitySchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = await myEmployee(request);
      const id = await insertAvailability(app.db, me.id, fieldsOf(request.body));
      const created = await findAvailability(app.db, id, tz);
      if (!created) throw notFound('Availability');
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/availabilities',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['availabilities'],
        summary: "Add a team member's availability (admin)",
        security: bearer,
        body: adminAvailabilityInputSchema,
        response: { 201: availabilitySchema, ...errors },
      },
    },
    async (request, reply) => {
      const employee = await namedEmployee(request.body.employeeId, 'assignments.errors.employee');
      const id = await insertAvailability(app.db, employee.id, fieldsOf(request.body));
      const created = await findAvailability(app.db, id, tz);
      if (!created) throw notFound('Availability');
      return reply.code(201).send(created);
    },
  );

  /** The visits only this availability covers: deleting it leaves them without their cleaner. */
  const coveredJobs = async (db: Db, availability: Availability) =>
    findJobsCoveredBy(db, availability, {
      timeZone: tz,
      shiftHours: await findShiftHours(db),
      now: new Date(),
    });

  app.get(
    '/availabilities/:availabilityId/jobs',
    {
      preValidation: staff,
      schema: {
        tags: ['availabilities'],
        summary:
          'The visits only this availability covers (its employee, or an admin): deleting it would leave them without their cleaner',
        security: bearer,
        params: availabilityIdParamsSchema,
        response: { 200: z.array(jobSchema), ...errors },
      },
    },
    async (request) => {
      const availability = await readableAvailability(request, request.params.availabilityId);
      return findJobs(app.db, {
        employeeId: availability.employeeId,
        appointmentIds: await coveredJobs(app.db, availability),
      });
    },
  );

  /**
   * Deletes an availability. Visits only it covers refuse the delete (409 AVAILABILITY_HAS_JOBS) unless
   * `jobs=unassign`: then the employee steps off them and the admin sees them unassigned. Under the
   * employee's jobs lock, so a booking cannot give them a visit in that shift meanwhile.
   */
  async function release(availability: Availability, jobs: 'unassign' | undefined, by: 'employee' | 'admin') {
    await app.jobs.transaction(async (tx) => {
      await lockEmployees(tx.db, [availability.employeeId]);
      const covered = await coveredJobs(tx.db, availability);
      if (covered.length > 0 && jobs !== 'unassign') {
        throw new AppError(
          'AVAILABILITY_HAS_JOBS',
          `${covered.length} visit(s) are planned in this availability: delete with ?jobs=unassign to leave them to the admin.`,
          [{ path: 'querystring.jobs', message: 'availabilities.errors.hasJobs' }],
        );
      }
      for (const appointmentId of covered) {
        await removeAssignments(tx.db, appointmentId, [availability.employeeId]);
        await bumpRevision(tx.db, appointmentId);
        // The admin took the employee off these visits: they hear it (decision 023). An employee who
        // deleted their own day off knows already.
        if (by === 'admin') {
          await queueVisitNotices(
            tx,
            appointmentId,
            { kind: 'unassigned' },
            {
              customer: false,
              employeeIds: [availability.employeeId],
              employeeLocale: config.businessLocale,
            },
          );
        }
      }
      await deleteAvailability(tx.db, availability.availabilityId);
    });
  }

  /** My availability, or 403 when it is someone else's (an employee never changes another's). */
  async function mine(request: FastifyRequest, id: string) {
    const availability = await findAvailability(app.db, id, tz);
    if (!availability) throw notFound('Availability');
    if (availability.employeeId !== (await myEmployee(request)).id)
      throw forbidden('You can only change your own availabilities.');
    return availability;
  }

  app.put(
    '/availabilities/my-availabilities/:availabilityId',
    {
      preValidation: staff,
      schema: {
        tags: ['availabilities'],
        summary: 'Change my availability',
        security: bearer,
        params: availabilityIdParamsSchema,
        body: availabilityInputSchema,
        response: { 200: availabilitySchema, ...errors },
      },
    },
    async (request) => {
      const availability = await mine(request, request.params.availabilityId);
      await updateAvailability(app.db, availability.availabilityId, fieldsOf(request.body));
      const updated = await findAvailability(app.db, availability.availabilityId, tz);
      if (!updated) throw notFound('Availability');
      return updated;
    },
  );

  app.delete(
    '/availabilities/my-availabilities/:availabilityId',
    {
      preValidation: staff,
      schema: {
        tags: ['availabilities'],
        summary:
          'Delete my availability (a day off). 409 AVAILABILITY_HAS_JOBS when visits are planned in it, unless ?jobs=unassign',
        security: bearer,
        params: availabilityIdParamsSchema,
        querystring: deleteAvailabilityQuerySchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const availability = await mine(request, request.params.availabilityId);
      await release(availability, request.query.jobs, 'employee');
      return reply.code(204).send();
    },
  );

  app.get(
    '/schedules',
    {
      preValidation: staff,
      schema: {
        tags: ['schedules'],
        summary: `Assigned shifts: an admin sees everyone's, an employee their own; the days ?from=&to= (YYYY-MM-DD, both included, at most ${LIST_RANGE_MAX_DAYS}), from today for 8 weeks by default`,
        security: bearer,
        querystring: dateRangeQuerySchema,
        response: { 200: z.array(scheduleSchema), ...errors },
      },
    },
    async (request) => {
      const range = listRange(request.query, 'fromToday', tz);
      if (currentUser(request).permissions.has('admin')) return findSchedules(app.db, range);
      return findSchedules(app.db, { ...range, employeeId: (await myEmployee(request)).id });
    },
  );

  app.post(
    '/schedules',
    {
      preValidation: staff,
      schema: {
        tags: ['schedules'],
        summary: 'Assign a shift to an employee, usually from one of their availabilities (admin, employee)',
        security: bearer,
        body: createScheduleInputSchema,
        response: { 201: scheduleSchema, ...errors },
      },
    },
    async (request, reply) => {
      const employee = await namedEmployee(request.body.employeeId, 'schedules.errors.employee');
      // An employee plans only their own shifts, and only as a request: an admin approves or rejects.
      if (!currentUser(request).permissions.has('admin')) {
        if ((await myEmployee(request)).id !== employee.id) {
          throw new AppError('FORBIDDEN', 'You can only assign your own schedule.', [
            { path: 'body.employeeId', message: 'schedules.errors.notYours' },
          ]);
        }
        if (request.body.status !== 'PENDING') {
          throw new AppError('FORBIDDEN', 'Only an admin approves or rejects a schedule.', [
            { path: 'body.status', message: 'schedules.errors.statusAdminOnly' },
          ]);
        }
      }
      if (request.body.availabilityId) {
        const availability = await findAvailability(app.db, request.body.availabilityId, tz);
        if (availability?.employeeId !== employee.id) {
          throw new AppError('VALIDATION_ERROR', 'The availability is not this employee’s.', [
            { path: 'body.availabilityId', message: 'schedules.errors.availability' },
          ]);
        }
      }
      const schedule = await insertSchedule(app.db, {
        employeeId: employee.id,
        availabilityId: request.body.availabilityId ?? null,
        assignedDate: new Date(request.body.assignedDate),
        shift: request.body.shift,
        status: request.body.status,
        comments: request.body.comments ?? null,
      });
      return reply.code(201).send(schedule);
    },
  );

  app.get(
    '/schedules/:scheduleId',
    {
      preValidation: staff,
      schema: {
        tags: ['schedules'],
        summary: 'One assigned shift (an admin any, an employee their own)',
        security: bearer,
        params: scheduleIdParamsSchema,
        response: { 200: scheduleSchema, ...errors },
      },
    },
    async (request) => {
      const schedule = await findSchedule(app.db, request.params.scheduleId);
      if (!schedule) throw notFound('Schedule');
      if (
        !currentUser(request).permissions.has('admin') &&
        schedule.employeeId !== (await myEmployee(request)).id
      ) {
        throw forbidden('This is not your schedule.');
      }
      return schedule;
    },
  );

  app.put(
    '/schedules/:scheduleId',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['schedules'],
        summary: 'Change an assigned shift: date, shift, status (approve or reject), comments (admin)',
        security: bearer,
        params: scheduleIdParamsSchema,
        body: updateScheduleInputSchema,
        response: { 200: scheduleSchema, ...errors },
      },
    },
    async (request) => {
      const updated = await updateSchedule(app.db, request.params.scheduleId, {
        assignedDate: new Date(request.body.assignedDate),
        shift: request.body.shift,
        status: request.body.status,
        comments: request.body.comments ?? null,
      });
      if (!updated) throw notFound('Schedule');
      return updated;
    },
  );

  app.delete(
    '/schedules/:scheduleId',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['schedules'],
        summary: 'Delete an assigned shift (admin)',
        security: bearer,
        params: scheduleIdParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await deleteSchedule(app.db, request.params.scheduleId))) throw notFound('Schedule');
      return reply.code(204).send();
    },
  );

  app.delete(
    '/availabilities/:availabilityId',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['availabilities'],
        summary:
          "Delete anyone's availability (admin); shifts assigned from it are kept. 409 AVAILABILITY_HAS_JOBS when visits are planned in it, unless ?jobs=unassign",
        security: bearer,
        params: availabilityIdParamsSchema,
        querystring: deleteAvailabilityQuerySchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const availability = await findAvailability(app.db, request.params.availabilityId, tz);
      if (!availability) throw notFound('Availability');
      await release(availability, request.query.jobs, 'admin');
      return reply.code(204).send();
    },
  );

  done();
};
