import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { placeDueHolds, type StripeCard } from './card.service.ts';
import type { PaymentsDeps } from './payments.service.ts';

/**
 * The holds pass every five minutes (pg-boss schedule `payment-holds`, PAYMENTS=stripe only, decision
 * 053), in the processes with workers: the visits within PAYMENT_HOLD_HOURS get their hold.
 */
export const cardHoldsPlugin = fp(
  (
    app: FastifyInstance,
    options: { card: StripeCard; business: PaymentsDeps['business'] },
    done: (error?: Error) => void,
  ) => {
    app.addHook('onReady', async () => {
      await app.jobs.every('payment-holds', '*/5 * * * *', async () => {
        const placed = await placeDueHolds(
          { db: app.db, jobs: app.jobs, card: options.card, business: options.business },
          new Date(),
        );
        if (placed > 0) app.log.info({ placed }, 'card holds placed');
      });
    });
    done();
  },
  { name: 'payment-holds', dependencies: ['jobs'] },
);
