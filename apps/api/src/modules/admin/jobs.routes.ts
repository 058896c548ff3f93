import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, failedJobSchema, queryInteger } from '@eclat/shared';
import { notFound } from '../../lib/app-error.ts';

/** Background jobs that ran out of retries (admin dashboard). */
export const adminJobsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/admin/jobs/failed',
    {
      preValidation: app.requireAnyPermission('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Failed background jobs, newest first (admin)',
        security: [{ bearerAuth: [] }],
        querystring: z.object({ limit: queryInteger({ min: 1, max: 500, fallback: 100 }) }),
        response: { 200: z.array(failedJobSchema), 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    (request) => app.jobs.listFailed(request.query.limit),
  );
  app.post(
    '/admin/jobs/:id/retry',
    {
      preValidation: app.requireAnyPermission('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Run a failed background job once more, e.g. an email that could not be sent (admin)',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid('validation.required') }),
        response: {
          204: z.undefined(),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const queue = await app.jobs.findFailedQueue(id);
      if (!queue || !(await app.jobs.retry(queue, id))) throw notFound('Failed job');
      return reply.code(204).send();
    },
  );
  done();
};
