import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardSetupDoneBodySchema,
  checkoutRedirectSchema,
  paymentConfirmationDoneSchema,
  paymentConfirmationSchema,
  tipConfirmationBodySchema,
} from '@eclat/shared';
import { bearer, errors } from '../../lib/route-docs.ts';
import { currentUser } from '../../plugins/auth.ts';
import { cardPaymentsOff } from './card.service.ts';
import { confirmationsOf, finishConfirmation, startConfirmation, type ConfirmDeps } from './card-confirm.ts';
import type { PaymentsDeps } from './payments.service.ts';

/**
 * A payment the customer's bank wants confirmed (PAYMENTS=stripe, decision 060): the customer's list, the
 * hosted page in payment mode for their own visit, and the way back. Other modes: 404 PAYMENTS_OFF.
 */
export const cardConfirmRoutes: FastifyPluginCallbackZod<{ deps: Omit<PaymentsDeps, 'db' | 'jobs'> }> = (
  app,
  options,
  done,
) => {
  const customerOnly = app.requireAnyPermission('customer');
  const deps: PaymentsDeps = { db: app.db, jobs: app.jobs, ...options.deps };
  const confirmDeps = (): ConfirmDeps => {
    if (!deps.card) throw cardPaymentsOff();
    return { ...deps, card: deps.card };
  };

  app.get(
    '/payments/confirmations',
    {
      preValidation: customerOnly,
      schema: {
        tags: ['payments'],
        summary:
          'The signed-in customer’s visits whose payment waits for their bank’s confirmation (SCA): what for and how much',
        security: bearer,
        response: { 200: z.array(paymentConfirmationSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return confirmationsOf(confirmDeps(), currentUser(request));
    },
  );

  app.post(
    '/appointments/:id/payment-confirmation',
    {
      preValidation: customerOnly,
      schema: {
        tags: ['payments'],
        summary:
          'Pay what the bank wants confirmed for one’s own visit: a Checkout page in payment mode on Stripe (the same page while it is open); it returns to /my-appointments?payment=confirmed. With `tipKey`: the tip its dialog was refused with 402 BANK_CONFIRMATION_NEEDED',
        security: bearer,
        params: z.object({ id: z.uuid() }),
        // No body (a payment the bank wants confirmed on the visit) or a tip’s key.
        body: tipConfirmationBodySchema.nullish(),
        response: { 201: checkoutRedirectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const redirect = await startConfirmation(
        confirmDeps(),
        currentUser(request),
        request.params.id,
        request.body?.tipKey,
      );
      return reply.code(201).send(redirect);
    },
  );

  app.post(
    '/payments/confirmation/done',
    {
      preValidation: customerOnly,
      schema: {
        tags: ['payments'],
        summary:
          'The customer is back from the payment page: its result is recorded (the webhook does the same, once) and answered',
        security: bearer,
        body: cardSetupDoneBodySchema,
        response: { 200: paymentConfirmationDoneSchema, ...errors },
      },
    },
    async (request) => finishConfirmation(confirmDeps(), currentUser(request), request.body.sessionId),
  );

  done();
};
