import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createScheduleInputSchema,
  dateRangeQuerySchema,
  LIST_RANGE_MAX_DAYS,
  scheduleIdParamsSchema,
  scheduleSchema,
  updateScheduleInputSchema,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import {
  changeSchedule,
  createSchedule,
  listSchedules,
  readableSchedule,
  removeSchedule,
  type SchedulesDeps,
} from './schedules.service.ts';

/**
 * Schedules: shifts assigned to an employee, usually from one of their availabilities (an admin sees
 * and changes everyone's; an employee sees their own and asks for a shift).
 */
export const schedulesRoutes: FastifyPluginCallbackZod<{ config: AppConfig }> = (app, { config }, done) => {
  const staff = app.requireAnyPermission('admin', 'employee');
  const adminOnly = app.requireAnyPermission('admin');
  const deps: SchedulesDeps = { db: app.db, config };

  app.get(
    '/schedules',
    {
      preValidation: staff,
      schema: {
        tags: ['schedules'],
        summary: `Assigned shifts: an admin sees everyone's, an employee their own; the days ?from=&to= (YYYY-MM-DD, both included, at most ${LIST_RANGE_MAX_DAYS}), from today for 8 weeks by default`,
        security: bearer,
        querystring: dateRangeQuerySchema,
        response: { 200: z.array(scheduleSchema), ...errors },
      },
    },
    async (request) => listSchedules(deps, request, request.query),
  );

  app.post(
    '/schedules',
    {
      preValidation: staff,
      schema: {
        tags: ['schedules'],
        summary: 'Assign a shift to an employee, usually from one of their availabilities (admin, employee)',
        security: bearer,
        body: createScheduleInputSchema,
        response: { 201: scheduleSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createSchedule(deps, request, request.body)),
  );

  app.get(
    '/schedules/:scheduleId',
    {
      preValidation: staff,
      schema: {
        tags: ['schedules'],
        summary: 'One assigned shift (an admin any, an employee their own)',
        security: bearer,
        params: scheduleIdParamsSchema,
        response: { 200: scheduleSchema, ...errors },
      },
    },
    async (request) => readableSchedule(deps, request, request.params.scheduleId),
  );

  app.put(
    '/schedules/:scheduleId',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['schedules'],
        summary: 'Change an assigned shift: date, shift, status (approve or reject), comments (admin)',
        security: bearer,
        params: scheduleIdParamsSchema,
        body: updateScheduleInputSchema,
        response: { 200: scheduleSchema, ...errors },
      },
    },
    async (request) => changeSchedule(deps, request.params.scheduleId, request.body),
  );

  app.delete(
    '/schedules/:scheduleId',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['schedules'],
        summary: 'Delete an assigned shift (admin)',
        security: bearer,
        params: scheduleIdParamsSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await removeSchedule(deps, request.params.scheduleId);
      return reply.code(204).send();
    },
  );

  done();
};
