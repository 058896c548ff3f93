import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptQuoteInputSchema,
  answerQuoteInputSchema,
  appointmentSchema,
  createQuoteInputSchema,
  errorBodySchema,
  MAX_SLOT_DAYS,
  pickLocale,
  QUOTE_VALID_DAYS,
  quoteIdParamsSchema,
  quotePhotoParamsSchema,
  quoteSchema,
  quoteSlotDaysQuerySchema,
  quoteSlotsQuerySchema,
  quotesPageQuerySchema,
  quotesPageSchema,
  slotDaysResponseSchema,
  slotsResponseSchema,
} from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  acceptQuote,
  answerQuote,
  declineQuote,
  myQuotes,
  quotePhoto,
  quoteSlotDays,
  quoteSlots,
  quotesPage,
  requestQuote,
  visibleQuote,
  type QuotesDeps,
} from './quotes.service.ts';

/** Three photos of 2 MB, as base64 in JSON, and the rest of the form. */
const QUOTE_BODY_LIMIT = 9 * 1024 * 1024;

/**
 * Quote requests (issue 16, decision 026): a customer asks (quote-only services, an address outside the
 * service area), the business is emailed; the admin answers with a price and the visit's length, the
 * customer is emailed; the customer accepts (a visit at that price, `bookQuotedVisit`) or declines.
 */
export const quotesRoutes: FastifyPluginCallbackZod<{ config: AppConfig }> = (app, { config }, done) => {
  const signedIn = app.requireAnyPermission('admin', 'employee', 'customer');
  const adminOnly = app.requireAnyPermission('admin');

  const deps: QuotesDeps = { db: app.db, jobs: app.jobs, config };

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
      const locale = request.body.locale ?? pickLocale(request.headers['accept-language']);
      const created = await requestQuote(deps, currentUser(request), request.body, locale);
      request.log.info({ quoteId: created.quoteId, customerId: created.customerId }, 'quote requested');
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
      return myQuotes(deps, currentUser(request));
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
    async (request) => quotesPage(deps, request.query),
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
    async (request) => visibleQuote(deps, currentUser(request), request.params.quoteId),
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
      const { quoteId, index } = request.params;
      const photo = await quotePhoto(deps, currentUser(request), quoteId, index);
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
    async (request) => answerQuote(deps, currentUser(request), request.params.quoteId, request.body),
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
      const locale = request.body.locale ?? pickLocale(request.headers['accept-language']);
      const appointment = await acceptQuote(
        deps,
        currentUser(request),
        request.params.quoteId,
        request.body,
        locale,
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
    async (request) => declineQuote(deps, currentUser(request), request.params.quoteId),
  );

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
    async (request) => quoteSlots(deps, currentUser(request), request.params.quoteId, request.query.date),
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
    async (request) => quoteSlotDays(deps, currentUser(request), request.params.quoteId, request.query),
  );

  done();
};
