import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  appointmentIdParamsSchema,
  VISIT_PHOTO_DATA_URL_MAX,
  visitFieldReportSchema,
  visitPhotoInputSchema,
  visitPhotoParamsSchema,
  visitPhotoSchema,
  visitProblemInputSchema,
  visitProblemSchema,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import { folderPhotoStore, type PhotoStore } from './photo-store.ts';
import {
  readVisitFieldReport,
  readVisitPhotoFile,
  reportVisitProblem,
  uploadVisitPhoto,
  type PhotoDeps,
} from './visit-photos.service.ts';

/** One photo as a base64 data URL in JSON, and the rest of the body. */
const PHOTO_BODY_LIMIT = VISIT_PHOTO_DATA_URL_MAX + 16 * 1024;

/**
 * Photos and problem reports from the field (issue 30 §4, decision 068). The rules are
 * `visit-photos.service.ts`'s; these parse, call, answer. The store is the PHOTOS_DIR folder unless one is given.
 */
export const visitPhotosRoutes: FastifyPluginCallbackZod<{ config: AppConfig; store?: PhotoStore }> = (
  app,
  { config, store },
  done,
) => {
  const staff = app.requireAnyPermission('admin', 'employee');
  const signedIn = app.requireAnyPermission('admin', 'employee', 'customer');
  const deps: PhotoDeps = {
    db: app.db,
    jobs: app.jobs,
    store: store ?? folderPhotoStore(config.photosDir),
    officeEmail: config.contactTo,
    officeLocale: config.businessLocale,
  };

  app.get(
    '/appointments/:appointmentId/photos',
    {
      preValidation: signedIn,
      schema: {
        tags: ['appointments'],
        summary:
          "A visit's photos and problem reports: all for the office and the visit's cleaners; its customer sees the before and after photos once it is completed",
        security: bearer,
        params: appointmentIdParamsSchema,
        response: { 200: visitFieldReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return readVisitFieldReport(deps, currentUser(request), request.params.appointmentId);
    },
  );

  app.get(
    '/appointments/:appointmentId/photos/:photoId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['appointments'],
        summary:
          "One photo of a visit (JPEG, re-encoded without metadata): for the office, the visit's cleaners and, before/after once completed, its customer",
        security: bearer,
        params: visitPhotoParamsSchema,
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const { appointmentId, photoId } = request.params;
      const content = await readVisitPhotoFile(deps, currentUser(request), appointmentId, photoId);
      return reply
        .header('Content-Type', 'image/jpeg')
        .header('Cache-Control', 'private, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        .send(content);
    },
  );

  app.post(
    '/appointments/:appointmentId/photos',
    {
      bodyLimit: PHOTO_BODY_LIMIT,
      preValidation: staff,
      schema: {
        tags: ['appointments'],
        summary:
          'Add a before, after or problem photo to a visit (the cleaner on it or an admin): JPEG, PNG or WebP by content, at most 10 MB and 10 of a kind per visit; stored resized to 1600 px without metadata; the same key twice stores once (200 with the same photo)',
        security: bearer,
        params: appointmentIdParamsSchema,
        body: visitPhotoInputSchema,
        response: { 200: visitPhotoSchema, 201: visitPhotoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { photo, created } = await uploadVisitPhoto(
        deps,
        currentUser(request),
        request.params.appointmentId,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(photo);
    },
  );

  app.post(
    '/appointments/:appointmentId/problems',
    {
      preValidation: staff,
      schema: {
        tags: ['appointments'],
        summary:
          'Report a problem on a visit (the cleaner on it or an admin): damage, no supplies or a message, a note, and problem photos sent before; the office is emailed at once; the same key twice records once',
        security: bearer,
        params: appointmentIdParamsSchema,
        body: visitProblemInputSchema,
        response: { 200: visitProblemSchema, 201: visitProblemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { problem, created } = await reportVisitProblem(
        deps,
        currentUser(request),
        request.params.appointmentId,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(problem);
    },
  );

  done();
};
