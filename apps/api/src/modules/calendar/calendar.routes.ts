import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  calendarFeedCreatedSchema,
  calendarFeedOwnerSchema,
  calendarFeedRequestSchema,
  calendarFeedsSchema,
  errorBodySchema,
  pickLocale,
  type CalendarFeedOwner,
  type Locale,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { notFound } from '../../lib/app-error.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { createVisitFeed } from '../../mail/ics.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findOwnCustomer, findOwnEmployee } from '../auth/ownership.ts';
import {
  deleteFeed,
  findFeed,
  findFeedByToken,
  findFeedVisits,
  replaceFeed,
  type FeedOwner,
} from './calendar.repository.ts';

/** A feed's secret: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const TEXT = {
  en: {
    customer: (brand: string) => `${brand}: my cleanings`,
    employee: (brand: string) => `${brand}: my jobs`,
    job: (name: string) => `Cleaning: ${name}`,
  },
  fr: {
    customer: (brand: string) => `${brand} : mes ménages`,
    employee: (brand: string) => `${brand} : mes tâches`,
    job: (name: string) => `Ménage : ${name}`,
  },
} as const;

const localeOf = (value: string): Locale => (value === 'fr' ? 'fr' : 'en');

/**
 * Private calendar addresses (issue 15): a customer's visits and an employee's jobs as `.ics` feeds that
 * any calendar app subscribes to. Made, replaced and revoked by their person; read by whoever holds the
 * secret address (no sign-in: calendar apps cannot sign in), which opens nothing else.
 */
export const calendarRoutes: FastifyPluginCallbackZod<{ config: AppConfig }> = (app, { config }, done) => {
  const signedIn = app.requireAnyPermission('admin', 'employee', 'customer');

  /** The caller's record of that kind, by the ownership rule; undefined when they have none. */
  async function ownRecord(request: FastifyRequest, kind: CalendarFeedOwner): Promise<FeedOwner | undefined> {
    const user = currentUser(request);
    const record =
      kind === 'customer' ? await findOwnCustomer(app.db, user) : await findOwnEmployee(app.db, user);
    return record ? { kind, id: record.id } : undefined;
  }

  app.get(
    '/calendar-feeds/mine',
    {
      preValidation: signedIn,
      schema: {
        tags: ['calendar'],
        summary:
          'My private calendar addresses: whether one exists for my visits (customer) and my jobs (employee); null where I have no such record',
        security: bearer,
        response: { 200: calendarFeedsSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const state = async (kind: CalendarFeedOwner) => {
        const owner = await ownRecord(request, kind);
        if (!owner) return null;
        const feed = await findFeed(app.db, owner);
        return { createdAt: feed?.createdAt.toISOString() ?? null };
      };
      return { customer: await state('customer'), employee: await state('employee') };
    },
  );

  app.post(
    '/calendar-feeds/mine',
    {
      preValidation: signedIn,
      schema: {
        tags: ['calendar'],
        summary:
          'Make my private calendar address (a new one replaces the old, which stops working). The secret is shown only in this answer.',
        security: bearer,
        body: calendarFeedRequestSchema,
        response: { 201: calendarFeedCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const owner = await ownRecord(request, request.body.for);
      if (!owner) throw notFound(request.body.for === 'customer' ? 'Customer profile' : 'Employee record');
      const locale = request.body.locale ?? pickLocale(request.headers['accept-language']);
      const { token, createdAt } = await replaceFeed(app.db, owner, locale);
      const url = `${config.publicUrl}/api/v1/calendar/${token}.ics`;
      reply.header('Cache-Control', 'no-store');
      return reply.code(201).send({
        for: owner.kind,
        url,
        webcalUrl: url.replace(/^https?:/, 'webcal:'),
        createdAt: createdAt.toISOString(),
      });
    },
  );

  app.delete(
    '/calendar-feeds/mine',
    {
      preValidation: signedIn,
      schema: {
        tags: ['calendar'],
        summary: 'Revoke my private calendar address: it stops working at once',
        security: bearer,
        querystring: calendarFeedOwnerSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      const owner = await ownRecord(request, request.query.for);
      if (owner) await deleteFeed(app.db, owner);
      return reply.code(204).send();
    },
  );

  app.get(
    '/calendar/:file',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'A private calendar feed (`<secret>.ics`): the visits or jobs of its person, in iCalendar, as they are now',
        params: z.object({ file: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const feed = TOKEN.test(token) ? await findFeedByToken(app.db, token) : undefined;
      if (!feed) throw notFound('Calendar');
      const owner: FeedOwner = feed.customerId
        ? { kind: 'customer', id: feed.customerId }
        : { kind: 'employee', id: feed.employeeId ?? '' };
      const locale = localeOf(feed.locale);
      const t = TEXT[locale];
      const visits = await findFeedVisits(app.db, owner, new Date());
      const body = createVisitFeed(
        visits.map((visit) => ({
          ...visit,
          ...(owner.kind === 'employee' ? { title: t.job(visit.customerName) } : {}),
        })),
        owner.kind === 'customer' ? t.customer(config.brandName) : t.employee(config.brandName),
        locale,
        { brandName: config.brandName, publicUrl: config.publicUrl, timeZone: config.businessTimeZone },
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, max-age=300')
        .header('Content-Disposition', 'inline; filename="calendar.ics"')
        .send(body);
    },
  );

  done();
};
