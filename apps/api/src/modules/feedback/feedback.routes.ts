import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createFeedbackInputSchema,
  FEEDBACK_STATUSES,
  feedbackIdParamsSchema,
  feedbackListQuerySchema,
  feedbackSchema,
  PUBLISHED_FEEDBACK_LIMIT,
} from '@eclat/shared';
import { notFound } from '../../lib/app-error.ts';
import { keysetPage } from '../../lib/keyset.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findOwnCustomer, requireVerifiedEmail } from '../auth/ownership.ts';
import { createFeedback, deleteFeedback, findFeedback, setFeedbackStatus } from './feedback.repository.ts';
import { bearer, errors } from '../../lib/route-docs.ts';

/** The publish body is plain text (spec §7): VISIBLE or INVISIBLE, surrounding spaces ignored. */
const publishBodySchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z.enum(FEEDBACK_STATUSES, { error: 'feedback.errors.status' }),
);

/** Published feedback is a public read (decision 015); publishing and deleting change it. */
const PUBLISHED = ['feedback'] as const;

export const feedbackRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const adminOnly = app.requireAnyPermission('admin');

  app.get(
    '/feedbacks',
    {
      schema: {
        tags: ['feedback'],
        summary: `Published feedback with ?status=VISIBLE (anyone; the newest ${PUBLISHED_FEEDBACK_LIMIT}); all feedback otherwise (admin), newest first, a page at a time (?limit=, and ?before= from the Link header's next page)`,
        querystring: feedbackListQuerySchema,
        response: { 200: z.array(feedbackSchema), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.status !== 'VISIBLE') {
        await adminOnly(request, reply);
        const { limit, before } = request.query;
        const rows = await findFeedback(app.db, request.query.status, {
          limit: limit + 1,
          before,
        });
        return keysetPage(request, reply, rows, limit, (row) => ({
          key: new Date(row.createdAt).toISOString(),
          id: row.feedbackId,
        }));
      }
      await app.publicReads.json(request, reply, {
        key: 'feedbacks?status=VISIBLE',
        topics: PUBLISHED,
        load: () => findFeedback(app.db, 'VISIBLE', { limit: PUBLISHED_FEEDBACK_LIMIT }),
      });
      return reply;
    },
  );

  app.post(
    '/feedbacks',
    {
      preValidation: [
        app.requireAnyPermission('admin', 'employee', 'customer'),
        rateLimit(
          app.db,
          'feedback',
          { maxFailures: 10, windowSeconds: 60 * 60, lockSeconds: 60 * 60 },
          (request) => currentUser(request).userId,
        ),
      ],
      schema: {
        tags: ['feedback'],
        summary: 'Leave feedback (signed in). It stays hidden until an admin publishes it.',
        security: bearer,
        body: createFeedbackInputSchema,
        response: { 201: feedbackSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      requireVerifiedEmail(user);
      const created = await createFeedback(
        app.db,
        { userId: user.userId, email: user.email, firstName: user.firstName },
        await findOwnCustomer(app.db, user),
        request.body,
      );
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/feedbacks/:feedbackId/publish',
    {
      preValidation: adminOnly,
      config: { invalidates: PUBLISHED },
      schema: {
        tags: ['feedback'],
        summary: 'Show or hide feedback (admin). Body: the plain text VISIBLE or INVISIBLE.',
        security: bearer,
        params: feedbackIdParamsSchema,
        body: publishBodySchema,
        response: { 200: feedbackSchema, ...errors },
      },
    },
    async (request) => {
      const updated = await setFeedbackStatus(app.db, request.params.feedbackId, request.body);
      if (!updated) throw notFound('Feedback');
      return updated;
    },
  );

  app.delete(
    '/feedbacks/:feedbackId',
    {
      preValidation: adminOnly,
      config: { invalidates: PUBLISHED },
      schema: {
        tags: ['feedback'],
        summary: 'Delete feedback (admin)',
        security: bearer,
        params: feedbackIdParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await deleteFeedback(app.db, request.params.feedbackId))) throw notFound('Feedback');
      return reply.code(204).send();
    },
  );

  done();
};
