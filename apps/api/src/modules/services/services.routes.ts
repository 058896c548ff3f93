import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  serviceIdParamsSchema,
  serviceImageQuerySchema,
  serviceInputSchema,
  serviceSchema,
  serviceSearchQuerySchema,
} from '@eclat/shared';
import { notFound } from '../../lib/app-error.ts';
import { startImageBackfill } from './image-backfill.ts';
import { prepareServiceImage } from './service-image.ts';
import {
  deleteService,
  findService,
  findServiceImage,
  findServiceImageVariant,
  findServices,
  findVariantWidth,
} from './services.repository.ts';
import { addService, changeService } from './services.service.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { PRIVATE_CACHE_CONTROL, PUBLIC_READ_CACHE_CONTROL } from '../../plugins/public-reads.ts';

const YEAR = 60 * 60 * 24 * 365;
/** Public reads of the catalogue depend on its rows and pictures (decision 015). */
const CATALOGUE = ['services'] as const;

/**
 * The catalogue. Everyone sees the available services, answered from the public reads cache; admins (with
 * their token) also see the others, uncached, and manage them. Pictures are sent inline on create/update
 * and served from their own cacheable URL.
 */
export const servicesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const adminOnly = app.requireAnyPermission('admin');
  // Pictures stored before copies existed get them in the background once the server is ready.
  let backfill: ReturnType<typeof startImageBackfill> | undefined;
  app.addHook('onReady', (hookDone) => {
    backfill = startImageBackfill(app.db, app.log);
    hookDone();
  });
  app.addHook('preClose', async () => {
    await backfill?.stop();
  });
  const seesEverything = async (request: Parameters<typeof app.optionalUser>[0]) =>
    (await app.optionalUser(request))?.permissions.has('admin') ?? false;

  app.get(
    '/services',
    {
      schema: {
        tags: ['services'],
        summary: 'The catalogue (admins also see unavailable services)',
        response: { 200: z.array(serviceSchema) },
      },
    },
    async (request, reply) => {
      if (await seesEverything(request)) {
        reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
        return findServices(app.db, { includeUnavailable: true });
      }
      await app.publicReads.json(request, reply, {
        key: 'services',
        topics: CATALOGUE,
        load: () => findServices(app.db, { includeUnavailable: false }),
      });
      return reply;
    },
  );

  app.get(
    '/services/search',
    {
      schema: {
        tags: ['services'],
        summary: 'Services whose title contains the text (case-insensitive)',
        querystring: serviceSearchQuerySchema,
        response: { 200: z.array(serviceSchema), 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const titleContains = request.query.title;
      if (await seesEverything(request)) {
        reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
        return findServices(app.db, { includeUnavailable: true, titleContains });
      }
      // Not kept in the read cache: every new text would be a new entry, so a stream of random searches
      // could fill it and push out the catalogue. A search reads the small catalogue table directly.
      reply
        .header(
          'Cache-Control',
          request.headers.authorization ? PRIVATE_CACHE_CONTROL : PUBLIC_READ_CACHE_CONTROL,
        )
        .header('Vary', 'Authorization');
      return findServices(app.db, { includeUnavailable: false, titleContains });
    },
  );

  app.get(
    '/services/:serviceId',
    {
      schema: {
        tags: ['services'],
        summary: 'One service',
        params: serviceIdParamsSchema,
        response: { 200: serviceSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { serviceId } = request.params;
      if (await seesEverything(request)) {
        reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
        const service = await findService(app.db, serviceId);
        if (!service) throw notFound('Service');
        return service;
      }
      const found = await app.publicReads.json(request, reply, {
        key: `services/${serviceId}`,
        topics: CATALOGUE,
        load: async () => {
          const service = await findService(app.db, serviceId);
          return service?.isAvailable ? service : undefined;
        },
      });
      if (!found) throw notFound('Service');
      return reply;
    },
  );

  app.get(
    '/services/:serviceId/image',
    {
      schema: {
        tags: ['services'],
        summary:
          "The service's picture (JPEG or PNG), or with f (and w) one of its AVIF or WebP copies (the narrowest at least w pixels wide, else the widest); the URL in Service.image carries a version, so it is cached for a year",
        params: serviceIdParamsSchema,
        querystring: serviceImageQuerySchema,
        response: { 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { serviceId } = request.params;
      const { v, w, f } = request.query;
      reply.header('X-Content-Type-Options', 'nosniff');
      // An address with the picture's current version never changes; any other is checked each time.
      const cacheControl = (tag: string) =>
        v !== undefined && tag.startsWith(v) ? `public, max-age=${YEAR}, immutable` : 'public, no-cache';
      if (f === undefined) {
        const found = await app.publicReads.file(request, reply, {
          key: `services/${serviceId}/image`,
          topics: CATALOGUE,
          cacheControl,
          load: async () => {
            const image = await findServiceImage(app.db, serviceId);
            return image && { body: image.content, type: image.mimeType, etag: image.sha256 };
          },
        });
        if (!found) throw notFound('Picture');
        return reply;
      }
      // Only the copies that exist are kept in the read cache (under their own width), so asking for every
      // width there is cannot fill it; another width costs one small query to find the copy that answers it.
      const sendVariant = (width: number) =>
        app.publicReads.file(request, reply, {
          key: `services/${serviceId}/image/${f}/${width}`,
          topics: CATALOGUE,
          cacheControl,
          load: async () => {
            const variant = await findServiceImageVariant(app.db, serviceId, f, width);
            return (
              variant && {
                body: variant.content,
                type: `image/${f}`,
                etag: `${variant.sha256}.${width}.${f}`,
              }
            );
          },
        });
      if (w !== undefined && (await sendVariant(w))) return reply;
      const width = await findVariantWidth(app.db, serviceId, f, w);
      if (width === undefined || width === w || !(await sendVariant(width))) throw notFound('Picture');
      return reply;
    },
  );

  app.post(
    '/services',
    {
      preValidation: adminOnly,
      config: { invalidates: CATALOGUE },
      schema: {
        tags: ['services'],
        summary: 'Add a service (admin)',
        security: bearer,
        body: serviceInputSchema,
        response: { 201: serviceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { image, extras, ...fields } = request.body;
      // Converted before the transaction: no connection is held while the copies are made.
      const prepared = image ? await prepareServiceImage(image) : undefined;
      const id = await addService(app.jobs, fields, extras, prepared);
      const service = await findService(app.db, id);
      if (!service) throw notFound('Service');
      return reply.code(201).send(service);
    },
  );

  app.put(
    '/services/:serviceId',
    {
      preValidation: adminOnly,
      config: { invalidates: CATALOGUE },
      schema: {
        tags: ['services'],
        summary:
          'Change a service (admin). image: a data URL replaces the picture, null removes it, absent keeps it',
        security: bearer,
        params: serviceIdParamsSchema,
        body: serviceInputSchema,
        response: { 200: serviceSchema, ...errors },
      },
    },
    async (request) => {
      const { image, extras, ...fields } = request.body;
      const prepared =
        image === undefined ? undefined : image === null ? null : await prepareServiceImage(image);
      const found = await changeService(app.jobs, request.params.serviceId, fields, extras, prepared);
      if (!found) throw notFound('Service');
      const service = await findService(app.db, request.params.serviceId);
      if (!service) throw notFound('Service');
      return service;
    },
  );

  app.delete(
    '/services/:serviceId',
    {
      preValidation: adminOnly,
      config: { invalidates: CATALOGUE },
      schema: {
        tags: ['services'],
        summary: 'Delete a service (admin). Past appointments keep its title and price.',
        security: bearer,
        params: serviceIdParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await deleteService(app.db, request.params.serviceId))) throw notFound('Service');
      return reply.code(204).send();
    },
  );

  done();
};
