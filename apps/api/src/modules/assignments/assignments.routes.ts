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
import { bearer, errors } from '../../lib/route-docs.ts';
import { listRange } from '../../lib/date-range.ts';
import { currentUser } from '../../plugins/auth.ts';
import { bookingRulesOf } from '../appointments/booking.service.ts';
import { findJobsFor, findVisitStaff, setVisitStaff, type AssignmentDeps } from './assignments.service.ts';

/**
 * Jobs (spec §3, schedule employee view): an admin assigns employees to an appointment; an employee
 * never holds two overlapping jobs; employees see their own jobs, an admin everyone's. The reads and the
 * write are `assignments.service.ts` (decision 042).
 */
export const assignmentsRoutes: FastifyPluginCallbackZod<{ config: AppConfig }> = (app, { config }, done) => {
  const staff = app.requireAnyPermission('admin', 'employee');
  const adminOnly = app.requireAnyPermission('admin');
  const deps: AssignmentDeps = {
    db: app.db,
    jobs: app.jobs,
    rules: bookingRulesOf(config),
    employeeLocale: config.businessLocale,
  };

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
    async (request) => findVisitStaff(deps, request.params.appointmentId),
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
    async (request) =>
      setVisitStaff(
        deps,
        currentUser(request).userId,
        request.params.appointmentId,
        request.body.employeeIds,
      ),
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
      const isAdmin = currentUser(request).permissions.has('admin');
      return findJobsFor(deps, request, { start, end, isAdmin });
    },
  );

  done();
};
