import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  OVERVIEW_WEEKS,
  errorBodySchema,
  overviewQuerySchema,
  overviewSchema,
  todayIn,
  type Overview,
  type OverviewPayments,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import type { PaymentsDeps } from '../payments/payments.service.ts';
import { labourOfWeek } from '../pay/pay.service.ts';
import { findShiftHours } from '../scheduling/team.repository.ts';
import { findWeekPayments, NO_PAYMENTS } from './overview-payments.ts';
import { findOverviewFigures, overviewSpan } from './overview.repository.ts';

/**
 * The owner's overview (issue 17, decision 030): the admin dashboard's first tab. With payments on
 * (issue 29, decision 052), each week also carries its money; with `PAYMENTS=off`, nothing more.
 */
export const overviewRoutes: FastifyPluginCallbackZod<{
  config: AppConfig;
  payments: Pick<PaymentsDeps, 'provider' | 'business'>;
}> = (app, { config, payments }, done) => {
  const paymentsOn = payments.provider.mode !== 'off';
  app.get(
    '/admin/overview',
    {
      preValidation: app.requireAnyPermission('admin'),
      schema: {
        tags: ['admin'],
        summary:
          'The owner’s overview (admin): this week and the next (visits, revenue booked, cancellations, unassigned and flagged visits), failed emails, and the last 12 weeks (visits and revenue per week, utilisation per employee, top services); with payments on, each week’s money (collected, refunded, outstanding, failed); this week’s labour cost against the price of its completed visits; weeks Monday to Sunday in the business time zone; ?date= shows them as on another day',
        security: [{ bearerAuth: [] }],
        querystring: overviewQuerySchema,
        response: { 200: overviewSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request): Promise<Overview> => {
      const timeZone = config.businessTimeZone;
      const span = overviewSpan(timeZone, request.query.date ?? todayIn(timeZone));
      const [figures, failedEmails, money, labour] = await Promise.all([
        findShiftHours(app.db).then((shiftHours) =>
          findOverviewFigures(app.db, span, { timeZone, shiftHours }),
        ),
        app.jobs.countFailed('email'),
        paymentsOn ? findWeekPayments(app.db, span, payments.business) : undefined,
        labourOfWeek(
          { db: app.db, timeZone, bufferMinutes: config.bufferMinutes, pay: config.pay },
          span.thisMonday,
        ),
      ]);
      // Absent, not null, when payments are off: the spec's overview answers exactly as before.
      const moneyOf = (weekStart: string): { payments?: OverviewPayments } =>
        money ? { payments: money.get(weekStart) ?? NO_PAYMENTS } : {};
      const allWeeks = figures.weeks.map((week) => ({ ...week, ...moneyOf(week.weekStart) }));
      const weeks = allWeeks
        .slice(0, OVERVIEW_WEEKS)
        .map(({ weekStart, visits, revenueCents, cancellations, payments: paid }) => ({
          weekStart,
          visits,
          revenueCents,
          cancellations,
          ...(paid ? { payments: paid } : {}),
        }));
      const thisWeek = allWeeks[OVERVIEW_WEEKS - 1];
      const nextWeek = allWeeks[OVERVIEW_WEEKS];
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
        labour,
      };
    },
  );
  done();
};
