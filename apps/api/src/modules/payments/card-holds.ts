import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { placeDueHolds, settleLeftovers } from './card.service.ts';
import type { StripeCard } from './stripe-client.ts';
import type { PaymentsDeps } from './payments.service.ts';

/**
 * The holds pass every five minutes (pg-boss schedule `payment-holds`, PAYMENTS=stripe only, decision
 * 053), in the processes with workers: what a status change left undone at Stripe is done (a capture,
 * a release), then the visits within PAYMENT_HOLD_HOURS get their hold.
 */
export const cardHoldsPlugin = fp(
  (
    app: FastifyInstance,
    options: Pick<PaymentsDeps, 'provider' | 'business'> & { card: StripeCard },
    done: (error?: Error) => void,
  ) => {
    app.addHook('onReady', async () => {
      await app.jobs.every('payment-holds', '*/5 * * * *', async () => {
        const deps = { db: app.db, jobs: app.jobs, card: options.card, business: options.business };
        const settled = await settleLeftovers({ ...deps, provider: options.provider });
        const placed = await placeDueHolds(deps, new Date());
        if (placed + settled > 0) app.log.info({ placed, settled }, 'card holds placed, visits settled');
      });
    });
    done();
  },
  { name: 'payment-holds', dependencies: ['jobs'] },
);
