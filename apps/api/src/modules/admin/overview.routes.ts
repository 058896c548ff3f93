import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  OVERVIEW_WEEKS,
  errorBodySchema,
  overviewQuerySchema,
  overviewSchema,
  todayIn,
  type Overview,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { findShiftHours } from '../scheduling/team.repository.ts';
import { findOverviewFigures, overviewSpan } from './overview.repository.ts';

/** The owner's overview (issue 17, decision 030): the admin dashboard's first tab. */
export const overviewRoutes: FastifyPluginCallbackZod<{ config: AppConfig }> = (app, { config }, done) => {
  app.get(
    '/admin/overview',
    {
      preValidation: app.requireAnyPermission('admin'),
      schema: {
        tags: ['admin'],
        summary:
          'The owner’s overview (admin): this week and the next (visits, revenue booked, cancellations, unassigned and flagged visits), failed emails, and the last 12 weeks (visits and revenue per week, utilisation per employee, top services); weeks Monday to Sunday in the business time zone; ?date= shows them as on another day',
        security: [{ bearerAuth: [] }],
        querystring: overviewQuerySchema,
        response: { 200: overviewSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request): Promise<Overview> => {
      const timeZone = config.businessTimeZone;
      const span = overviewSpan(timeZone, request.query.date ?? todayIn(timeZone));
      const [figures, failedEmails] = await Promise.all([
        findShiftHours(app.db).then((shiftHours) =>
          findOverviewFigures(app.db, span, { timeZone, shiftHours }),
        ),
        app.jobs.countFailed('email'),
      ]);
      const weeks = figures.weeks
        .slice(0, OVERVIEW_WEEKS)
        .map(({ weekStart, visits, revenueCents, cancellations }) => ({
          weekStart,
          visits,
          revenueCents,
          cancellations,
        }));
      const thisWeek = figures.weeks[OVERVIEW_WEEKS - 1];
      const nextWeek = figures.weeks[OVERVIEW_WEEKS];
      if (!thisWeek || !nextWeek) throw new Error('The overview lacks a week');
      return {
        timeZone,
        today: span.today,
        thisWeek,
        nextWeek,
        failedEmails,
        weeks,
        utilisation: figures.utilisation,
        topServices: figures.topServices,
      };
    },
  );
  done();
};
