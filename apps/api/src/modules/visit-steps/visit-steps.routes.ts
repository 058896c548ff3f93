import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { appointmentIdParamsSchema, visitStepInputSchema, visitStepsSchema } from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { VisitDeps } from '../appointments/appointments.service.ts';
import { readVisitSteps, recordVisitStep, type StepDeps } from './visit-steps.service.ts';

/**
 * The visit in the field (issue 30, decision 062): the cleaner on the visit (or the office) records its
 * steps from My Day. The rules are `visit-steps.service.ts`'s; these parse, call, answer.
 */
export const visitStepsRoutes: FastifyPluginCallbackZod<{
  config: AppConfig;
  payments: VisitDeps['payments'];
}> = (app, { config, payments }, done) => {
  const staff = app.requireAnyPermission('admin', 'employee');
  const deps: StepDeps = {
    db: app.db,
    jobs: app.jobs,
    employeeLocale: config.businessLocale,
    publicUrl: config.publicUrl,
    payments,
    bufferMinutes: config.bufferMinutes,
    timeZone: config.businessTimeZone,
  };

  app.get(
    '/appointments/:appointmentId/steps',
    {
      preValidation: staff,
      schema: {
        tags: ['appointments'],
        summary: "A visit's steps in the field, oldest first (the cleaner on the visit, or an admin)",
        security: bearer,
        params: appointmentIdParamsSchema,
        response: { 200: visitStepsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return readVisitSteps(deps, currentUser(request), request.params.appointmentId);
    },
  );

  app.post(
    '/appointments/:appointmentId/steps',
    {
      preValidation: staff,
      schema: {
        tags: ['appointments'],
        summary:
          "Record a visit's next step: on the way (the customer is emailed once), arrived, completed, could not get in, cancelled at the door; only forwards and from the visit's business day (409 STEP_TOO_EARLY before it), by the cleaner on the visit or an admin (an admin's correction, with a note, may go back); the same key twice records once",
        security: bearer,
        params: appointmentIdParamsSchema,
        body: visitStepInputSchema,
        response: { 200: visitStepsSchema, ...errors },
      },
    },
    async (request) =>
      recordVisitStep(deps, currentUser(request), request.params.appointmentId, request.body),
  );

  done();
};
