import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  addDays,
  dispatchBoardSchema,
  dispatchQuerySchema,
  myDayQuerySchema,
  myDaySchema,
  shiftHoursSchema,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { myEmployee } from '../employees/my-employee.ts';
import { findDispatchDays } from './dispatch.repository.ts';
import { findShiftHours, saveShiftHours } from './team.repository.ts';

/** The Monday of a business-local date's week. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * Scheduling from the real team (decision 019): the shifts' business hours, the admin's dispatch board
 * and an employee's own day.
 */
export const schedulingRoutes: FastifyPluginCallbackZod<{ config: AppConfig }> = (app, { config }, done) => {
  const staff = app.requireAnyPermission('admin', 'employee');
  const adminOnly = app.requireAnyPermission('admin');
  const timeZone = config.businessTimeZone;

  app.get(
    '/settings/shift-hours',
    {
      preValidation: staff,
      schema: {
        tags: ['scheduling'],
        summary: 'The business hours of the MORNING, EVENING and NIGHT shifts (business time zone)',
        security: bearer,
        response: { 200: shiftHoursSchema, ...errors },
      },
    },
    async () => findShiftHours(app.db),
  );

  app.put(
    '/settings/shift-hours',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['scheduling'],
        summary: "Set the shifts' business hours (admin): open times follow them at once",
        security: bearer,
        body: shiftHoursSchema,
        response: { 200: shiftHoursSchema, ...errors },
      },
    },
    async (request) => {
      await saveShiftHours(app.db, request.body);
      return findShiftHours(app.db);
    },
  );

  app.get(
    '/dispatch',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['scheduling'],
        summary:
          'The dispatch board (admin): a day, or the Monday-to-Sunday week of `date`, one lane per employee with their shifts and visits, and the unassigned visits',
        security: bearer,
        querystring: dispatchQuerySchema,
        response: { 200: dispatchBoardSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { date, view } = request.query;
      const from = view === 'week' ? mondayOf(date) : date;
      const to = view === 'week' ? addDays(from, 6) : date;
      const days = await findDispatchDays(
        app.db,
        { from, to },
        { timeZone, shiftHours: await findShiftHours(app.db) },
      );
      return { view, from, to, timeZone, bufferMinutes: config.bufferMinutes, days };
    },
  );

  app.get(
    '/dispatch/my-day',
    {
      preValidation: staff,
      schema: {
        tags: ['scheduling'],
        summary:
          "An employee's own day: the shifts they work and their visits, in order, with addresses and comments",
        security: bearer,
        querystring: myDayQuerySchema,
        response: { 200: myDaySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const employee = await myEmployee(app.db, request);
      const { date } = request.query;
      const [day] = await findDispatchDays(
        app.db,
        { from: date, to: date },
        { timeZone, shiftHours: await findShiftHours(app.db), employeeId: employee.id },
      );
      const lane = day?.lanes[0];
      return {
        date,
        timeZone,
        bufferMinutes: config.bufferMinutes,
        employeeId: employee.id,
        firstName: employee.firstName,
        lastName: employee.lastName,
        shifts: lane?.shifts ?? [],
        visits: lane?.visits ?? [],
      };
    },
  );

  done();
};
