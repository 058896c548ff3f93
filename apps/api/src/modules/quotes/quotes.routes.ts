import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptQuoteInputSchema,
  answerQuoteInputSchema,
  appointmentSchema,
  createQuoteInputSchema,
  errorBodySchema,
  MAX_SLOT_DAYS,
  MAX_TOTAL_PAGES,
  pickLocale,
  QUOTE_VALID_DAYS,
  quoteIdParamsSchema,
  quotePhotoParamsSchema,
  quoteSchema,
  quoteSlotDaysQuerySchema,
  quoteSlotsQuerySchema,
  quoteStatusAt,
  quotesPageQuerySchema,
  quotesPageSchema,
  slotDaysResponseSchema,
  slotsResponseSchema,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findOwnCustomer, requireVerifiedEmail } from '../auth/ownership.ts';
import { findPricedServices } from '../appointments/appointments.repository.ts';
import { bookingRulesOf, computeSlotDays, computeSlots } from '../appointments/booking.service.ts';
import { bookQuotedVisit } from '../appointments/quoted-visit.ts';
import { decodeServiceImage } from '../services/service-image.ts';
import {
  findCustomerQuotes,
  findQuote,
  findQuotePhoto,
  findQuotesPage,
  insertQuote,
  lockQuote,
  updateQuote,
} from './quotes.repository.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Three photos of 2 MB, as base64 in JSON, and the rest of the form. */
const QUOTE_BODY_LIMIT = 9 * 1024 * 1024;

const closed = (message: string) => new AppError('QUOTE_CLOSED', message);

/**
 * Quote requests (issue 16, decision 026): a customer asks (quote-only services, an address outside the
 * service area), the business is emailed; the admin answers with a price and the visit's length, the
 * customer is emailed; the customer accepts (a visit at that price, `bookQuotedVisit`) or declines.
 */
export const quotesRoutes: FastifyPluginCallbackZod<{ config: AppConfig }> = (app, { config }, done) => {
  const signedIn = app.requireAnyPermission('admin', 'employee', 'customer');
  const adminOnly = app.requireAnyPermission('admin');

  /** The quote, if the caller may see it: its customer's own, or any for an admin (403 otherwise). */
  async function visibleQuote(request: Parameters<typeof currentUser>[0], quoteId: string) {
    const user = currentUser(request);
    const quote = await findQuote(app.db, quoteId);
    if (!quote) throw notFound('Quote');
    if (user.permissions.has('admin')) return quote;
    const customer = await findOwnCustomer(app.db, user);
    if (customer?.id !== quote.customerId) throw forbidden('You can only see your own quotes.');
    return quote;
  }

  /** The caller's own customer record, for a decision on their quote. */
  async function ownCustomer(request: Parameters<typeof currentUser>[0]) {
    const user = currentUser(request);
    requireVerifiedEmail(user);
    const customer = await findOwnCustomer(app.db, user);
    if (!customer) throw notFound('Customer profile');
    return { user, customer };
  }

  app.post(
    '/quotes',
    {
      bodyLimit: QUOTE_BODY_LIMIT,
      preValidation: [
        signedIn,
        rateLimit(
          app.db,
          'quotes',
          { maxFailures: 5, windowSeconds: 60 * 60, lockSeconds: 60 * 60 },
          (request) => currentUser(request).userId,
        ),
      ],
      schema: {
        tags: ['quotes'],
        summary:
          'Ask for a quote (own customer profile, verified email): what, where (address and postal code), size, preferred dates, up to 3 JPEG or PNG photos of 2 MB. Emailed to the business.',
        security: bearer,
        body: createQuoteInputSchema,
        response: { 201: quoteSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { user, customer } = await ownCustomer(request);
      const { photos, serviceIds, locale: asked, ...fields } = request.body;
      const decoded = photos.map((photo, index) => decodeServiceImage(photo, `body.photos.${index}`));
      const unique = [...new Set(serviceIds)];
      const found = await findPricedServices(app.db, unique);
      const byId = new Map(found.map((service) => [service.serviceId, service]));
      if (unique.some((id) => !byId.get(id)?.isAvailable)) {
        throw new AppError('VALIDATION_ERROR', 'A chosen service does not exist or is not offered.', [
          { path: 'body.serviceIds', message: 'quotes.errors.services' },
        ]);
      }
      const services = unique.flatMap((id) => {
        const service = byId.get(id);
        return service ? [{ serviceId: service.serviceId, title: service.title }] : [];
      });
      const locale = asked ?? pickLocale(request.headers['accept-language']);
      const quoteId = await app.jobs.transaction(async (tx) => {
        const id = await insertQuote(
          tx.db,
          { ...fields, customerId: customer.id, services, locale, createdByUserId: user.userId },
          decoded,
        );
        const what = [services.map((service) => service.title).join(', '), fields.description]
          .filter(Boolean)
          .join('\n\n');
        await tx.enqueue('email', {
          to: config.contactTo,
          locale: config.businessLocale,
          replyTo: customer.email,
          message: {
            template: 'quote-request',
            data: {
              quoteId: id,
              customerName: `${customer.firstName} ${customer.lastName}`,
              customerEmail: customer.email,
              what,
              address: fields.address,
              postalCode: fields.postalCode,
              photoCount: decoded.length,
            },
          },
        });
        return id;
      });
      const created = await findQuote(app.db, quoteId);
      if (!created) throw notFound('Quote');
      request.log.info({ quoteId, customerId: customer.id }, 'quote requested');
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/quotes/mine',
    {
      preValidation: signedIn,
      schema: {
        tags: ['quotes'],
        summary: 'My quote requests, newest first, with their answers',
        security: bearer,
        response: { 200: z.array(quoteSchema), 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const customer = await findOwnCustomer(app.db, currentUser(request));
      return customer ? findCustomerQuotes(app.db, customer.id) : [];
    },
  );

  app.get(
    '/quotes',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['quotes'],
        summary: 'Quote requests (admin), newest first, optionally of one status; paged from 0',
        security: bearer,
        querystring: quotesPageQuerySchema,
        response: { 200: quotesPageSchema, ...errors },
      },
    },
    async (request) => {
      const { page, size, status } = request.query;
      const { content, totalElements } = await findQuotesPage(app.db, { page, size, status });
      return {
        content,
        page,
        size,
        totalElements,
        totalPages: Math.min(Math.ceil(totalElements / size), MAX_TOTAL_PAGES),
      };
    },
  );

  app.get(
    '/quotes/:quoteId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['quotes'],
        summary: 'One quote request: its customer’s own, or any for an admin',
        security: bearer,
        params: quoteIdParamsSchema,
        response: { 200: quoteSchema, ...errors },
      },
    },
    async (request) => visibleQuote(request, request.params.quoteId),
  );

  app.get(
    '/quotes/:quoteId/photos/:index',
    {
      preValidation: signedIn,
      schema: {
        tags: ['quotes'],
        summary: 'A photo of a quote request (JPEG or PNG), from 0: its customer’s own, or any for an admin',
        security: bearer,
        params: quotePhotoParamsSchema,
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      await visibleQuote(request, request.params.quoteId);
      const photo = await findQuotePhoto(app.db, request.params.quoteId, request.params.index);
      if (!photo) throw notFound('Photo');
      return reply
        .header('Content-Type', photo.mimeType)
        .header('Cache-Control', 'private, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        .header('ETag', `"${photo.sha256}"`)
        .send(photo.content);
    },
  );

  app.put(
    '/quotes/:quoteId/answer',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['quotes'],
        summary: `Answer a quote request with a price in cents, the visit's length and a message (admin); the customer is emailed and may accept for ${QUOTE_VALID_DAYS} days. An answer not yet decided may be changed; an accepted or declined one not (409 QUOTE_CLOSED).`,
        security: bearer,
        params: quoteIdParamsSchema,
        body: answerQuoteInputSchema,
        response: { 200: quoteSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { quoteId } = request.params;
      await app.jobs.transaction(async (tx) => {
        const quote = await lockQuote(tx.db, quoteId);
        if (!quote) throw notFound('Quote');
        if (quote.status === 'accepted' || quote.status === 'declined') {
          throw closed(`This quote is ${quote.status}: its answer can no longer change.`);
        }
        const now = new Date();
        const expiresAt = new Date(now.getTime() + QUOTE_VALID_DAYS * DAY);
        await updateQuote(tx.db, quoteId, {
          ...request.body,
          status: 'answered',
          answeredAt: now,
          answeredByUserId: user.userId,
          expiresAt,
        });
        const answered = await findQuote(tx.db, quoteId, now);
        if (!answered) throw notFound('Quote');
        await tx.enqueue('email', {
          to: answered.customerEmail,
          locale: quote.locale === 'fr' ? 'fr' : 'en',
          message: {
            template: 'quote-answered',
            data: {
              quoteId,
              customerFirstName: answered.customerFirstName,
              priceCents: request.body.priceCents,
              durationMinutes: request.body.durationMinutes,
              message: request.body.message,
              expiresAt: expiresAt.toISOString(),
            },
          },
        });
      });
      const quote = await findQuote(app.db, quoteId);
      if (!quote) throw notFound('Quote');
      return quote;
    },
  );

  app.post(
    '/quotes/:quoteId/accept',
    {
      preValidation: signedIn,
      schema: {
        tags: ['quotes'],
        summary:
          'Accept my answered quote: books one visit at its price and length at the chosen start, with the booking rules of any booking (409 QUOTE_CLOSED once accepted, declined or expired)',
        security: bearer,
        params: quoteIdParamsSchema,
        body: acceptQuoteInputSchema,
        response: { 201: appointmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, customer } = await ownCustomer(request);
      const appointment = await bookQuotedVisit(
        { db: app.db, jobs: app.jobs },
        {
          quoteId: request.params.quoteId,
          customer,
          appointmentDate: request.body.appointmentDate,
          comments: request.body.comments ?? null,
          locale: request.body.locale ?? pickLocale(request.headers['accept-language']),
          userId: user.userId,
        },
        bookingRulesOf(config),
      );
      request.log.info(
        { quoteId: request.params.quoteId, appointmentId: appointment.appointmentId },
        'quote accepted',
      );
      return reply.code(201).send(appointment);
    },
  );

  app.post(
    '/quotes/:quoteId/decline',
    {
      preValidation: signedIn,
      schema: {
        tags: ['quotes'],
        summary:
          'Decline my quote (answered, or still waiting for its answer); 409 QUOTE_CLOSED once accepted, declined or expired',
        security: bearer,
        params: quoteIdParamsSchema,
        response: { 200: quoteSchema, ...errors },
      },
    },
    async (request) => {
      const { customer } = await ownCustomer(request);
      const { quoteId } = request.params;
      await app.jobs.transaction(async (tx) => {
        const quote = await lockQuote(tx.db, quoteId);
        if (!quote) throw notFound('Quote');
        if (quote.customerId !== customer.id) throw forbidden('You can only decline your own quotes.');
        const status = quoteStatusAt(quote);
        if (status !== 'answered' && status !== 'requested') {
          throw closed(`This quote is ${status}: it can no longer be declined.`);
        }
        await updateQuote(tx.db, quoteId, { status: 'declined', decidedAt: new Date() });
      });
      const quote = await findQuote(app.db, quoteId);
      if (!quote) throw notFound('Quote');
      return quote;
    },
  );

  /** The quote's visit length, for its slots: the caller's own answered quote, or any for an admin. */
  async function quoteMinutes(request: Parameters<typeof currentUser>[0], quoteId: string) {
    const quote = await visibleQuote(request, quoteId);
    if (quote.status !== 'answered' || quote.durationMinutes === null) {
      throw closed('Only an answered quote has times to choose from.');
    }
    return quote.durationMinutes;
  }

  app.get(
    '/quotes/:quoteId/slots',
    {
      preValidation: signedIn,
      schema: {
        tags: ['quotes'],
        summary: "A day's start times for an answered quote's visit (its length is the answer's)",
        security: bearer,
        params: quoteIdParamsSchema,
        querystring: quoteSlotsQuerySchema,
        response: { 200: slotsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const minutes = await quoteMinutes(request, request.params.quoteId);
      return computeSlots(app.db, request.query.date, minutes, bookingRulesOf(config));
    },
  );

  app.get(
    '/quotes/:quoteId/slots/days',
    {
      preValidation: signedIn,
      schema: {
        tags: ['quotes'],
        summary: `Days from \`from\` to \`to\` (at most ${MAX_SLOT_DAYS}) with a start time for an answered quote's visit, or the reason there is none`,
        security: bearer,
        params: quoteIdParamsSchema,
        querystring: quoteSlotDaysQuerySchema,
        response: { 200: slotDaysResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      if (to < from || (Date.parse(to) - Date.parse(from)) / DAY >= MAX_SLOT_DAYS) {
        throw new AppError('VALIDATION_ERROR', `Ask for 1 to ${MAX_SLOT_DAYS} days.`, [
          { path: 'querystring.to', message: 'validation.dateRange' },
        ]);
      }
      const minutes = await quoteMinutes(request, request.params.quoteId);
      return computeSlotDays(app.db, { from, to }, minutes, bookingRulesOf(config));
    },
  );

  done();
};
