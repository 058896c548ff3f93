import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, failedJobSchema, queryInteger } from '@eclat/shared';

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
  done();
};
