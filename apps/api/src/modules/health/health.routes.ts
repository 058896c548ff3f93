import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorBodySchema, healthSchema, readinessSchema } from '@eclat/shared';
import { pingDatabase } from './health.repository.ts';
import { AppError } from '../../lib/app-error.ts';

export const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up',
        response: { 200: healthSchema },
      },
    },
    () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: "Readiness: the database answers and this process's job workers work (or are off)",
        response: { 200: readinessSchema, 503: errorBodySchema },
      },
    },
    async (_request, reply) => {
      if (!(await pingDatabase(app.db))) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not answering.');
      }
      const jobs = app.jobs.health();
      if (jobs.workers === 'down') {
        throw new AppError('SERVICE_UNAVAILABLE', `The job workers are not working: ${jobs.reason}.`);
      }
      reply.header('Cache-Control', 'no-store');
      return { status: 'ready' as const, database: 'up' as const, workers: jobs.workers };
    },
  );
  done();
};
