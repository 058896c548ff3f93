import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessNoteReadSchema,
  accessNotesInputSchema,
  accessNotesMoveSchema,
  accessNotesSchema,
  appointmentIdParamsSchema,
  customerIdParamsSchema,
  flaggedCommentSchema,
  visitAccessNotesSchema,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import { accessNotesKeys } from './access-notes-keys.ts';
import {
  flaggedComments,
  moveCommentsToNotes,
  readCustomerLog,
  readCustomerNotes,
  readOwnLog,
  readOwnNotes,
  readVisitNotes,
  writeCustomerNotes,
  writeOwnNotes,
  type AccessNotesDeps,
} from './access-notes.service.ts';

/**
 * Access notes (issue 30 §5, decision 065): the customer's and the admin's writes, the visit's reading by
 * its cleaner or the office (logged), the log, the office's list of comments that look like codes. The
 * rules are `access-notes.service.ts`'s; these parse, call, answer. Nothing here is cached.
 */
export const accessNotesRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const deps: AccessNotesDeps = {
    db: app.db,
    jobs: app.jobs,
    keys: await accessNotesKeys(config),
    timeZone: config.businessTimeZone,
  };
  const signedIn = app.requireAnyPermission('admin', 'employee', 'customer');
  const staff = app.requireAnyPermission('admin', 'employee');
  const adminOnly = app.requireAnyPermission('admin');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/customers/me/access-notes',
    {
      preValidation: signedIn,
      schema: {
        tags: ['access notes'],
        summary: 'The access notes of my place (door code, alarm code, keys, pets, parking, other)',
        security: bearer,
        response: { 200: accessNotesSchema, ...errors },
      },
    },
    async (request) => readOwnNotes(deps, currentUser(request)),
  );

  app.put(
    '/customers/me/access-notes',
    {
      preValidation: signedIn,
      schema: {
        tags: ['access notes'],
        summary:
          'Write the access notes of my place (all fields; an empty or missing field is cleared). Stored encrypted; shown only to the office and to the cleaner on a visit, from the day before it until its end',
        security: bearer,
        body: accessNotesInputSchema,
        response: { 200: accessNotesSchema, ...errors },
      },
    },
    async (request) => writeOwnNotes(deps, currentUser(request), request.body),
  );

  app.get(
    '/customers/me/access-notes/reads',
    {
      preValidation: signedIn,
      schema: {
        tags: ['access notes'],
        summary: 'Who read my access notes, when, for which visit (newest first, the last 100)',
        security: bearer,
        response: { 200: z.array(accessNoteReadSchema), ...errors },
      },
    },
    async (request) => readOwnLog(deps, currentUser(request)),
  );

  app.get(
    '/customers/:customerId/access-notes',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['access notes'],
        summary: "A customer's access notes (admin); the reading is logged",
        security: bearer,
        params: customerIdParamsSchema,
        response: { 200: accessNotesSchema, ...errors },
      },
    },
    async (request) => readCustomerNotes(deps, currentUser(request), request.params.customerId),
  );

  app.put(
    '/customers/:customerId/access-notes',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['access notes'],
        summary: "Write a customer's access notes (admin)",
        security: bearer,
        params: customerIdParamsSchema,
        body: accessNotesInputSchema,
        response: { 200: accessNotesSchema, ...errors },
      },
    },
    async (request) =>
      writeCustomerNotes(deps, currentUser(request), request.params.customerId, request.body),
  );

  app.get(
    '/customers/:customerId/access-notes/reads',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['access notes'],
        summary: "Who read a customer's access notes (admin)",
        security: bearer,
        params: customerIdParamsSchema,
        response: { 200: z.array(accessNoteReadSchema), ...errors },
      },
    },
    async (request) => readCustomerLog(deps, request.params.customerId),
  );

  app.get(
    '/appointments/:appointmentId/access-notes',
    {
      preValidation: staff,
      schema: {
        tags: ['access notes'],
        summary:
          "The access notes of a visit's place: the office at all times, the cleaner on the visit from the start of the day before it (business time zone) until its end (403 ACCESS_NOTES_CLOSED otherwise; another employee 403 NOT_YOUR_VISIT). Each reading is logged",
        security: bearer,
        params: appointmentIdParamsSchema,
        response: { 200: visitAccessNotesSchema, ...errors },
      },
    },
    async (request) => readVisitNotes(deps, currentUser(request), request.params.appointmentId),
  );

  app.get(
    '/admin/access-notes/flagged',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['access notes'],
        summary:
          'Visits (not cancelled, from 90 days back) whose comments look like an access code, soonest first: to move into access notes',
        security: bearer,
        response: { 200: z.array(flaggedCommentSchema), ...errors },
      },
    },
    async () => flaggedComments(deps),
  );

  app.post(
    '/admin/access-notes/moves',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['access notes'],
        summary:
          "Move a visit's comments into its customer's access notes (added to “other”) and off the visit",
        security: bearer,
        body: accessNotesMoveSchema,
        response: { 200: accessNotesSchema, ...errors },
      },
    },
    async (request) => moveCommentsToNotes(deps, currentUser(request), request.body.appointmentId),
  );
};
