import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  idempotencyHeadersSchema,
  bookSeriesInputSchema,
  cancelSeriesInputSchema,
  changeSeriesInputSchema,
  customerIdParamsSchema,
  errorBodySchema,
  MAX_TOTAL_PAGES,
  pickLocale,
  recurringDiscountsSchema,
  resumeSeriesInputSchema,
  seriesDetailSchema,
  seriesIdParamsSchema,
  seriesListQuerySchema,
  seriesPageSchema,
  seriesSchema,
  visitsNeedingTimeSchema,
  type SeriesDetail,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findSeriesVisits, findVisitsNeedingTime } from '../appointments/appointments.repository.ts';
import { bookingRulesOf, customerToBookFor } from '../appointments/booking.service.ts';
import { findOwnCustomer, isTheirs, ownsCustomer } from '../auth/ownership.ts';
import { createSeriesNotifier } from './series-emails.ts';
import {
  findCustomerSeries,
  findRecurringDiscounts,
  findSeriesByKey,
  findSeriesPage,
  findSeriesRow,
  saveRecurringDiscounts,
} from './series.repository.ts';
import { toSeriesViews } from './series-views.ts';
import {
  bookSeries,
  cancelSeries,
  changeSeries,
  pauseSeries,
  resumeSeries,
  runSeriesPass,
  type SeriesDeps,
} from './series.service.ts';
import { holdDueVisitsNow } from '../payments/card-booking.ts';
import type { StripeCard } from '../payments/stripe-client.ts';

/** The series page shows its visits from four weeks ago on. */
const RECENT_MS = 28 * 24 * 60 * 60 * 1000;
const VISITS_SHOWN = 60;

/**
 * Recurring cleanings (decision 020): the discounts per frequency, booking a series, a customer's
 * series, the staff's list and the visits that need a time, and the changes to a series.
 */
export const seriesRoutes: FastifyPluginCallbackZod<{ config: AppConfig; card: StripeCard | null }> = (
  app,
  { config, card },
  done,
) => {
  const signedIn = app.requireAnyPermission('admin', 'employee', 'customer');
  const staff = app.requireAnyPermission('admin', 'employee');
  const adminOnly = app.requireAnyPermission('admin');
  const deps = (): SeriesDeps => ({
    db: app.db,
    jobs: app.jobs,
    rules: bookingRulesOf(config),
    horizonWeeks: config.recurringHorizonWeeks,
    notify: createSeriesNotifier(app.db, config),
    card,
  });
  const context = () => ({ timeZone: config.businessTimeZone, now: new Date() });
  const business = { brandName: config.brandName, timeZone: config.businessTimeZone };

  // The daily pass at 03:15 business time, and once when the server is ready (not waited for).
  const pass = async () => {
    const { extended, placed } = await runSeriesPass(deps());
    app.log.info({ extended, placed }, 'recurring series planned');
  };
  app.addHook('onReady', async () => {
    await app.jobs.every('series-plan', '15 3 * * *', pass);
    if (config.jobs.enabled) {
      pass().catch((error: unknown) => {
        app.log.error({ err: error }, 'recurring series planning failed');
      });
    }
  });

  async function detail(seriesId: string): Promise<SeriesDetail> {
    const row = await findSeriesRow(app.db, seriesId);
    if (!row) throw notFound('Series');
    const [[series], visits] = await Promise.all([
      toSeriesViews(app.db, [row], context()),
      findSeriesVisits(app.db, seriesId, { from: new Date(Date.now() - RECENT_MS), limit: VISITS_SHOWN }),
    ]);
    if (!series) throw notFound('Series');
    return { ...series, visits };
  }

  /** The series, if the caller may change it: its customer's owner or an admin (403 otherwise). */
  async function changeableSeries(request: FastifyRequest, seriesId: string) {
    const user = currentUser(request);
    const series = await findSeriesRow(app.db, seriesId);
    if (!series) throw notFound('Series');
    const by = user.permissions.has('admin') ? 'admin' : 'customer';
    if (by === 'customer' && !(await ownsCustomer(app.db, user, { id: series.customerId })))
      throw forbidden('You can only change your own recurring cleanings.');
    return { series, by, user } as const;
  }

  app.get(
    '/settings/recurring',
    {
      schema: {
        tags: ['series'],
        summary:
          'The discount per frequency of recurring cleanings (percent), and whether the first visit has it',
        response: { 200: recurringDiscountsSchema },
      },
    },
    async () => findRecurringDiscounts(app.db),
  );

  app.put(
    '/settings/recurring',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['series'],
        summary: 'Set the discounts per frequency (admin); series booked from now on get them',
        security: bearer,
        body: recurringDiscountsSchema,
        response: { 200: recurringDiscountsSchema, ...errors },
      },
    },
    async (request) => {
      await saveRecurringDiscounts(app.db, request.body);
      return findRecurringDiscounts(app.db);
    },
  );

  app.post(
    '/series/customers/:customerId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['series'],
        summary:
          'Book a recurring cleaning (own customer profile; an admin for anyone): the first visit like a booking, the others planned to the horizon, flagged "needs a time" when no cleaner is free. Send an Idempotency-Key header to make retries safe.',
        security: bearer,
        params: customerIdParamsSchema,
        headers: idempotencyHeadersSchema,
        body: bookSeriesInputSchema,
        response: { 200: seriesDetailSchema, 201: seriesDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const customer = await customerToBookFor(
        app.db,
        user,
        request.params.customerId,
        request.body,
        // PAYMENTS=stripe: a customer's own series needs a card on file (decision 056).
        Boolean(card),
      );
      const key = request.headers['idempotency-key'];
      const earlier = key ? await findSeriesByKey(app.db, customer.id, key) : undefined;
      if (earlier) return reply.code(200).send(await detail(earlier.id));
      let seriesId: string;
      try {
        seriesId = await bookSeries(deps(), {
          customer,
          input: request.body,
          by: user.permissions.has('admin') ? 'admin' : 'customer',
          userId: user.userId,
          locale: request.body.locale ?? pickLocale(request.headers['accept-language']),
          idempotencyKey: key,
        });
      } catch (error) {
        // The same key retried while the first request ran: answer with the first result.
        const first = key ? await findSeriesByKey(app.db, customer.id, key) : undefined;
        if (first) return reply.code(200).send(await detail(first.id));
        throw error;
      }
      request.log.info({ seriesId, customerId: customer.id }, 'series booked');
      // Its first visits inside the hold window are held now (decision 056).
      await holdDueVisitsNow({ db: app.db, jobs: app.jobs, card, business }, customer.id);
      return reply.code(201).send(await detail(seriesId));
    },
  );

  app.get(
    '/series/mine',
    {
      preValidation: signedIn,
      schema: {
        tags: ['series'],
        summary: 'My recurring cleanings, newest first (each with its next visit)',
        security: bearer,
        response: { 200: z.array(seriesSchema), 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const customer = await findOwnCustomer(app.db, currentUser(request));
      if (!customer) return [];
      return toSeriesViews(app.db, await findCustomerSeries(app.db, customer.id), context());
    },
  );

  app.get(
    '/series',
    {
      preValidation: staff,
      schema: {
        tags: ['series'],
        summary: 'Recurring cleanings, a page at a time, newest first; one customer or one status (staff)',
        security: bearer,
        querystring: seriesListQuerySchema,
        response: { 200: seriesPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { customerId, status, page, size } = request.query;
      const { rows, total } = await findSeriesPage(app.db, { customerId, status }, { page, size });
      return {
        content: await toSeriesViews(app.db, rows, context()),
        page,
        size,
        totalElements: total,
        totalPages: Math.min(MAX_TOTAL_PAGES, Math.ceil(total / size)),
      };
    },
  );

  app.get(
    '/series/needs-time',
    {
      preValidation: staff,
      schema: {
        tags: ['series'],
        summary:
          'Upcoming visits of recurring cleanings that no cleaner could take ("needs a time"), soonest first (100 at most)',
        security: bearer,
        response: { 200: visitsNeedingTimeSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return findVisitsNeedingTime(app.db, { now: new Date(), limit: 100 });
    },
  );

  app.get(
    '/series/:seriesId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['series'],
        summary: 'One recurring cleaning with its visits from four weeks ago on (its customer, staff)',
        security: bearer,
        params: seriesIdParamsSchema,
        response: { 200: seriesDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const user = currentUser(request);
      const series = await findSeriesRow(app.db, request.params.seriesId);
      if (!series) throw notFound('Series');
      const isStaff = user.permissions.has('admin') || user.permissions.has('employee');
      if (!isStaff && !isTheirs(await findOwnCustomer(app.db, user), series.customerId))
        throw forbidden('You can only see your own recurring cleanings.');
      return detail(series.id);
    },
  );

  app.put(
    '/series/:seriesId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['series'],
        summary:
          'Change all future visits (its customer, admin): from the new first visit on, the plan is written again with the new weekday, time, services and frequency; the first visit must be bookable',
        security: bearer,
        params: seriesIdParamsSchema,
        body: changeSeriesInputSchema,
        response: { 200: seriesDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { series, by } = await changeableSeries(request, request.params.seriesId);
      await changeSeries(deps(), series.id, { input: request.body, by });
      return detail(series.id);
    },
  );

  app.post(
    '/series/:seriesId/pause',
    {
      preValidation: signedIn,
      schema: {
        tags: ['series'],
        summary: 'Pause a recurring cleaning (its customer, admin): its open future visits leave the plan',
        security: bearer,
        params: seriesIdParamsSchema,
        response: { 200: seriesDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { series, by } = await changeableSeries(request, request.params.seriesId);
      await pauseSeries(deps(), series.id, by);
      return detail(series.id);
    },
  );

  app.post(
    '/series/:seriesId/resume',
    {
      preValidation: signedIn,
      schema: {
        tags: ['series'],
        summary:
          'Resume a paused recurring cleaning (its customer, admin) from the first of its dates on or after `from` (default today) that meets the notice',
        security: bearer,
        params: seriesIdParamsSchema,
        body: resumeSeriesInputSchema.nullish(),
        response: { 200: seriesDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { series } = await changeableSeries(request, request.params.seriesId);
      await resumeSeries(deps(), series.id, request.body?.from);
      return detail(series.id);
    },
  );

  app.post(
    '/series/:seriesId/cancel',
    {
      preValidation: signedIn,
      schema: {
        tags: ['series'],
        summary:
          'Cancel a recurring cleaning (its customer, admin): open future visits are cancelled, past ones kept; with `from`, it ends that day (the open visits before it still happen)',
        security: bearer,
        params: seriesIdParamsSchema,
        body: cancelSeriesInputSchema.nullish(),
        response: { 200: seriesDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { series, user, by } = await changeableSeries(request, request.params.seriesId);
      await cancelSeries(deps(), series.id, { userId: user.userId, role: by }, request.body?.from);
      return detail(series.id);
    },
  );

  done();
};
