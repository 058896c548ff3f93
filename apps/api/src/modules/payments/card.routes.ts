import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardOnFileSchema, cardSetupDoneBodySchema, checkoutRedirectSchema } from '@eclat/shared';
import { AppError } from '../../lib/app-error.ts';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  cardDepsOf,
  cardOf,
  finishCardSetup,
  receiveWebhook,
  removeCard,
  startCardSetup,
  WebhookSignatureError,
} from './card.service.ts';
import { findOwnCustomer } from '../auth/ownership.ts';
import { holdDueVisitsNow } from './card-booking.ts';
import { settleConfirmation } from './card-confirm.ts';
import type { PaymentsDeps } from './payments.service.ts';

/**
 * The card on file and Stripe's webhooks (PAYMENTS=stripe, decision 053). In the other modes every route
 * answers 404 PAYMENTS_OFF. The rules are in `card.service.ts`: these parse, call and answer.
 */
export const cardRoutes: FastifyPluginCallbackZod<{ deps: Omit<PaymentsDeps, 'db' | 'jobs'> }> = (
  app,
  options,
  done,
) => {
  const customerOnly = app.requireAnyPermission('customer');
  const deps: PaymentsDeps = { db: app.db, jobs: app.jobs, ...options.deps };
  const cardOrNull = cardOnFileSchema.nullable();

  app.post(
    '/payments/card-setup',
    {
      preValidation: customerOnly,
      schema: {
        tags: ['payments'],
        summary:
          'Keep a card on file (PAYMENTS=stripe): a Checkout page in setup mode on Stripe, to redirect the signed-in customer to; it returns to /profile?card=saved',
        security: bearer,
        response: { 201: checkoutRedirectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const redirect = await startCardSetup(cardDepsOf(deps), currentUser(request));
      return reply.code(201).send(redirect);
    },
  );

  app.post(
    '/payments/card-setup/done',
    {
      preValidation: customerOnly,
      schema: {
        tags: ['payments'],
        summary:
          'The customer is back from the Checkout page: its card becomes their card on file (the webhook does the same); answers the card on file',
        security: bearer,
        body: cardSetupDoneBodySchema,
        response: { 200: cardOrNull, ...errors },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const card = await finishCardSetup(cardDepsOf(deps), caller, request.body.sessionId);
      // A card saved again (after a decline): the visits inside the hold window are held now.
      const own = await findOwnCustomer(deps.db, caller);
      if (own) await holdDueVisitsNow(deps, own.id);
      return card;
    },
  );

  app.get(
    '/payments/card',
    {
      preValidation: customerOnly,
      schema: {
        tags: ['payments'],
        summary: 'The signed-in customer’s card on file (brand, last 4 digits, expiry), or null',
        security: bearer,
        response: { 200: cardOrNull, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return cardOf(cardDepsOf(deps), currentUser(request));
    },
  );

  app.delete(
    '/payments/card',
    {
      preValidation: customerOnly,
      schema: {
        tags: ['payments'],
        summary: 'Remove the signed-in customer’s card on file (detached at Stripe)',
        security: bearer,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeCard(cardDepsOf(deps), currentUser(request));
      return reply.code(204).send(null);
    },
  );

  // Stripe's webhooks: the body is kept as it came, for its signature.
  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, parsed) => {
      parsed(null, body);
    });
    scope.post(
      '/payments/stripe/webhook',
      {
        schema: {
          tags: ['payments'],
          summary:
            'Stripe’s events (PAYMENTS=stripe), verified by their Stripe-Signature header (else 400, nothing applied), each applied once by its id',
          response: { 200: z.object({ received: z.boolean() }), ...errors },
        },
      },
      async (request) => {
        const card = cardDepsOf(deps);
        const signature = request.headers['stripe-signature'];
        if (!Buffer.isBuffer(request.body) || typeof signature !== 'string')
          throw new AppError('BAD_REQUEST', 'A signed Stripe event is expected.');
        try {
          // A payment-mode session (the bank's confirmation, decision 060) is recorded by card-confirm.ts.
          const onPaymentSession = (sessionId: string) =>
            settleConfirmation({ ...deps, card: card.card }, sessionId);
          await receiveWebhook({ ...card, onPaymentSession }, request.body, signature);
        } catch (error) {
          if (error instanceof WebhookSignatureError)
            throw new AppError('BAD_REQUEST', 'The event’s signature is not valid.');
          throw error;
        }
        return { received: true };
      },
    );
    registered();
  });

  done();
};
