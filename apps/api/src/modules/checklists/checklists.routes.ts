import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  appointmentIdParamsSchema,
  checklistAnswerInputSchema,
  serviceChecklistInputSchema,
  serviceChecklistSchema,
  serviceIdParamsSchema,
  visitChecklistItemParamsSchema,
  visitChecklistSchema,
} from '@eclat/shared';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  answerChecklistItem,
  readServiceChecklist,
  readVisitChecklist,
  writeServiceChecklist,
  type ChecklistDeps,
} from './checklists.service.ts';

/**
 * Checklists (issue 30 §3, decision 064): the admin writes a service's; the cleaner on a visit (or the
 * office) answers the visit's items; its customer reads what was done once it is completed. The rules
 * are `checklists.service.ts`'s; these parse, call, answer.
 */
export const checklistsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const adminOnly = app.requireAnyPermission('admin');
  const staff = app.requireAnyPermission('admin', 'employee');
  const signedIn = app.requireAnyPermission('admin', 'employee', 'customer');
  const deps: ChecklistDeps = { db: app.db, jobs: app.jobs };

  app.get(
    '/services/:serviceId/checklist',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['services'],
        summary: "A service's checklist, in order (admin)",
        security: bearer,
        params: serviceIdParamsSchema,
        response: { 200: serviceChecklistSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return readServiceChecklist(app.db, request.params.serviceId);
    },
  );

  app.put(
    '/services/:serviceId/checklist',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['services'],
        summary:
          "Replace a service's checklist (admin): the items in order, in English and French; visits already started keep the copy they took",
        security: bearer,
        params: serviceIdParamsSchema,
        body: serviceChecklistInputSchema,
        response: { 200: serviceChecklistSchema, ...errors },
      },
    },
    async (request) => writeServiceChecklist(deps, request.params.serviceId, request.body),
  );

  app.get(
    '/appointments/:appointmentId/checklist',
    {
      preValidation: signedIn,
      schema: {
        tags: ['appointments'],
        summary:
          "A visit's checklist and its answers (the cleaner on the visit, an admin; its customer once it is completed)",
        security: bearer,
        params: appointmentIdParamsSchema,
        response: { 200: visitChecklistSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return readVisitChecklist(app.db, currentUser(request), request.params.appointmentId);
    },
  );

  app.put(
    '/appointments/:appointmentId/checklist/:itemId',
    {
      preValidation: staff,
      schema: {
        tags: ['appointments'],
        summary:
          "Answer one item of a visit's checklist: ticked, or unticked with a note saying why (the cleaner on the visit or an admin); the same answer twice changes nothing",
        security: bearer,
        params: visitChecklistItemParamsSchema,
        body: checklistAnswerInputSchema,
        response: { 200: visitChecklistSchema, ...errors },
      },
    },
    async (request) =>
      answerChecklistItem(
        deps,
        currentUser(request),
        request.params.appointmentId,
        request.params.itemId,
        request.body,
      ),
  );

  done();
};
