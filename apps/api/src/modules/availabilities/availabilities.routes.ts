import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAvailabilityInputSchema,
  availabilityIdParamsSchema,
  deleteAvailabilityQuerySchema,
  jobSchema,
  availabilityInputSchema,
  availabilitySchema,
  dateRangeQuerySchema,
  LIST_RANGE_MAX_DAYS,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import {
  addAvailability,
  addMyAvailability,
  availabilityJobs,
  changeMyAvailability,
  deleteAnyAvailability,
  deleteMyAvailability,
  listAvailabilities,
  readableAvailability,
  type AvailabilitiesDeps,
} from './availabilities.service.ts';

/**
 * Availabilities: an employee posts their own; an admin sees everyone's (`availabilities.service.ts`).
 * Shifts assigned from them are the schedules module's.
 */
export const availabilitiesRoutes: FastifyPluginCallbackZod<{ config: AppConfig }> = (
  app,
  { config },
  done,
) => {
  const staff = app.requireAnyPermission('admin', 'employee');
  const adminOnly = app.requireAnyPermission('admin');
  const deps: AvailabilitiesDeps = { db: app.db, jobs: app.jobs, config };

  app.get(
    '/availabilities',
    {
      preValidation: staff,
      schema: {
        tags: ['availabilities'],
        summary: `Availabilities: an admin sees everyone's, an employee their own; the days ?from=&to= (YYYY-MM-DD, both included, at most ${LIST_RANGE_MAX_DAYS}), from today for 8 weeks by default`,
        security: bearer,
        querystring: dateRangeQuerySchema,
        response: { 200: z.array(availabilitySchema), ...errors },
      },
    },
    async (request) => listAvailabilities(deps, request, request.query, 'visible'),
  );

  app.get(
    '/availabilities/my-availabilities',
    {
      preValidation: staff,
      schema: {
        tags: ['availabilities'],
        summary: `My availabilities on the days ?from=&to= (YYYY-MM-DD, both included, at most ${LIST_RANGE_MAX_DAYS}), from today for 8 weeks by default`,
        security: bearer,
        querystring: dateRangeQuerySchema,
        response: { 200: z.array(availabilitySchema), ...errors },
      },
    },
    async (request) => listAvailabilities(deps, request, request.query, 'mine'),
  );

  app.get(
    '/availabilities/:availabilityId',
    {
      preValidation: staff,
      schema: {
        tags: ['availabilities'],
        summary: 'One availability (an admin any, an employee their own)',
        security: bearer,
        params: availabilityIdParamsSchema,
        response: { 200: availabilitySchema, ...errors },
      },
    },
    async (request) => readableAvailability(deps, request, request.params.availabilityId),
  );

  app.post(
    '/availabilities/my-availabilities',
    {
      preValidation: staff,
      schema: {
        tags: ['availabilities'],
        summary: 'Add my availability (a day and a shift)',
        security: bearer,
        body: availabilityInputSchema,
        response: { 201: availabilitySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await addMyAvailability(deps, request, request.body)),
  );

  app.post(
    '/availabilities',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['availabilities'],
        summary: "Add a team member's availability (admin)",
        security: bearer,
        body: adminAvailabilityInputSchema,
        response: { 201: availabilitySchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await addAvailability(deps, request.body)),
  );

  app.get(
    '/availabilities/:availabilityId/jobs',
    {
      preValidation: staff,
      schema: {
        tags: ['availabilities'],
        summary:
          'The visits only this availability covers (its employee, or an admin): deleting it would leave them without their cleaner',
        security: bearer,
        params: availabilityIdParamsSchema,
        response: { 200: z.array(jobSchema), ...errors },
      },
    },
    async (request) => availabilityJobs(deps, request, request.params.availabilityId),
  );

  app.put(
    '/availabilities/my-availabilities/:availabilityId',
    {
      preValidation: staff,
      schema: {
        tags: ['availabilities'],
        summary: 'Change my availability',
        security: bearer,
        params: availabilityIdParamsSchema,
        body: availabilityInputSchema,
        response: { 200: availabilitySchema, ...errors },
      },
    },
    async (request) => changeMyAvailability(deps, request, request.params.availabilityId, request.body),
  );

  app.delete(
    '/availabilities/my-availabilities/:availabilityId',
    {
      preValidation: staff,
      schema: {
        tags: ['availabilities'],
        summary:
          'Delete my availability (a day off). 409 AVAILABILITY_HAS_JOBS when visits are planned in it, unless ?jobs=unassign',
        security: bearer,
        params: availabilityIdParamsSchema,
        querystring: deleteAvailabilityQuerySchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteMyAvailability(deps, request, request.params.availabilityId, request.query.jobs);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/availabilities/:availabilityId',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['availabilities'],
        summary:
          "Delete anyone's availability (admin); shifts assigned from it are kept. 409 AVAILABILITY_HAS_JOBS when visits are planned in it, unless ?jobs=unassign",
        security: bearer,
        params: availabilityIdParamsSchema,
        querystring: deleteAvailabilityQuerySchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAnyAvailability(deps, request.params.availabilityId, request.query.jobs);
      return reply.code(204).send();
    },
  );

  done();
};
