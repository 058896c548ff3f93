import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { serviceAreaInputSchema, serviceAreaSchema } from '@eclat/shared';
import { bearer, errors } from '../../lib/route-docs.ts';
import { findServiceArea, saveServiceArea } from './service-area.repository.ts';

/** The service area (issue 16, decision 026): read by anyone (the booking flow), set by the admin. */
export const serviceAreaRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/settings/service-area',
    {
      schema: {
        tags: ['service-area'],
        summary:
          'The postal-code prefixes served, each with its travel surcharge in cents; an empty list serves everywhere',
        response: { 200: serviceAreaSchema },
      },
    },
    async () => findServiceArea(app.db),
  );

  app.put(
    '/settings/service-area',
    {
      preValidation: app.requireAnyPermission('admin'),
      schema: {
        tags: ['service-area'],
        summary:
          'Set the service area (admin): prefixes such as M5V or H2X, each once, with an optional surcharge in cents. Online bookings outside it are refused from now on.',
        security: bearer,
        body: serviceAreaInputSchema,
        response: { 200: serviceAreaSchema, ...errors },
      },
    },
    async (request) => {
      await saveServiceArea(app.db, request.body);
      return findServiceArea(app.db);
    },
  );
  done();
};
