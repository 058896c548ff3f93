import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentIdParamsSchema,
  assignmentSchema,
  jobSchema,
  jobsQuerySchema,
  setAssignmentsInputSchema,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { inArray } from 'drizzle-orm';
import { employees } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { listRange } from '../../lib/date-range.ts';
import { currentUser } from '../../plugins/auth.ts';
import { bumpRevision, findAppointment, lockAppointment } from '../appointments/appointments.repository.ts';
import { queueVisitNotices, teamChange } from '../appointments/visit-notices.ts';
import { myEmployee } from '../employees/my-employee.ts';
import {
  assignedEmployeeIds,
  findAssignments,
  findBusyEmployees,
  findJobs,
  lockEmployees,
  replaceAssignments,
} from './assignments.repository.ts';

/** The 409 for employees who would hold two overlapping jobs: one detail per clashing employee. */
export function overlapError(employeeIds: readonly string[], busy: ReadonlySet<string>): AppError {
  return new AppError(
    'CONFLICT',
    'An employee cannot be given two jobs at the same time.',
    employeeIds.flatMap((employeeId, index) =>
      busy.has(employeeId) ? [{ path: `employeeIds.${index}`, message: 'assignments.errors.overlap' }] : [],
    ),
  );
}

const cancelledError = () =>
  new AppError('CONFLICT', 'A cancelled appointment has no jobs to assign.', [
    { path: 'appointmentId', message: 'assignments.errors.cancelled' },
  ]);

/**
 * Jobs (spec §3, schedule employee view): an admin assigns employees to an appointment; an employee
 * never holds two overlapping jobs; employees see their own jobs, an admin everyone's.
 */
export const assignmentsRoutes: FastifyPluginCallbackZod<{ config: AppConfig }> = (app, { config }, done) => {
  const staff = app.requireAnyPermission('admin', 'employee');
  const adminOnly = app.requireAnyPermission('admin');

  app.get(
    '/appointments/:appointmentId/assignments',
    {
      preValidation: staff,
      schema: {
        tags: ['appointments'],
        summary: 'The employees assigned to an appointment (admin, employee)',
        security: bearer,
        params: appointmentIdParamsSchema,
        response: { 200: z.array(assignmentSchema), ...errors },
      },
    },
    async (request) => {
      if (!(await findAppointment(app.db, request.params.appointmentId))) throw notFound('Appointment');
      return findAssignments(app.db, request.params.appointmentId);
    },
  );

  app.put(
    '/appointments/:appointmentId/assignments',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['appointments'],
        summary:
          'Set the employees who do an appointment (admin). 409 when one of them already has a job at that time.',
        security: bearer,
        params: appointmentIdParamsSchema,
        body: setAssignmentsInputSchema,
        response: { 200: z.array(assignmentSchema), ...errors },
      },
    },
    async (request) => {
      const { appointmentId } = request.params;
      const employeeIds = [...new Set(request.body.employeeIds)];
      const appointment = await findAppointment(app.db, appointmentId);
      if (!appointment) throw notFound('Appointment');
      if (employeeIds.length > 0 && appointment.status === 'cancelled') throw cancelledError();
      const found = employeeIds.length
        ? await app.db
            .select({ id: employees.id, isActive: employees.isActive })
            .from(employees)
            .where(inArray(employees.id, employeeIds))
        : [];
      const byId = new Map(found.map((row) => [row.id, row]));
      const invalid = employeeIds.flatMap((employeeId, index) => {
        const employee = byId.get(employeeId);
        if (!employee) return [{ path: `body.employeeIds.${index}`, message: 'assignments.errors.employee' }];
        if (!employee.isActive)
          return [{ path: `body.employeeIds.${index}`, message: 'assignments.errors.inactive' }];
        return [];
      });
      if (invalid.length)
        throw new AppError('VALIDATION_ERROR', 'Some employees cannot be assigned.', invalid);

      await app.jobs.transaction(async (tx) => {
        // Its time as it is now: a reschedule running at the same moment waits for this row.
        const current = await lockAppointment(tx.db, appointmentId);
        if (!current) throw notFound('Appointment');
        if (employeeIds.length > 0 && current.status === 'cancelled') throw cancelledError();
        await lockEmployees(tx.db, employeeIds);
        const busy = await findBusyEmployees(tx.db, employeeIds, current.appointmentDate, current.endsAt, {
          exceptAppointmentId: appointmentId,
          bufferMs: config.bufferMinutes * 60_000,
        });
        if (busy.size > 0) throw overlapError(employeeIds, busy);
        const before = await assignedEmployeeIds(tx.db, appointmentId);
        await replaceAssignments(tx.db, appointmentId, employeeIds, currentUser(request).userId);
        // Who joins hears "assigned", who leaves "unassigned" (decision 023); the customer is not told
        // (their visit does not change). A change of people is a change of the visit: revision up.
        const { added, removed } = teamChange(before, employeeIds);
        if (added.length + removed.length === 0) return;
        await bumpRevision(tx.db, appointmentId);
        if (current.status !== 'pending' && current.status !== 'confirmed') return;
        const recipients = (employeeIds: string[]) => ({
          customer: false,
          employeeIds,
          employeeLocale: config.businessLocale,
        });
        await queueVisitNotices(tx, appointmentId, { kind: 'assigned' }, recipients(added));
        await queueVisitNotices(tx, appointmentId, { kind: 'unassigned' }, recipients(removed));
      });
      return findAssignments(app.db, appointmentId);
    },
  );

  app.get(
    '/schedules/jobs',
    {
      preValidation: staff,
      schema: {
        tags: ['schedules'],
        summary:
          "Jobs (employee view of the schedule): an employee's own, an admin everyone's, starting on the days ?from=&to= (YYYY-MM-DD, both included, at most 92 days); this week and the next by default",
        security: bearer,
        querystring: jobsQuerySchema,
        response: { 200: z.array(jobSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { start, end } = listRange(request.query, 'thisAndNextWeek', config.businessTimeZone);
      if (currentUser(request).permissions.has('admin')) return findJobs(app.db, { start, end });
      const me = await myEmployee(app.db, request);
      return findJobs(app.db, { employeeId: me.id, start, end });
    },
  );

  done();
};
