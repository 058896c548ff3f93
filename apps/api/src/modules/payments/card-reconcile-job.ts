import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { reconcileCards, storeDiscrepancies } from './card-reconcile.ts';
import type { PaymentsDeps } from './payments.service.ts';
import type { StripeCard } from './stripe-client.ts';

/**
 * The reconciliation (decision 058), PAYMENTS=stripe only, in the processes with workers: once at start
 * (in the background: the start does not wait for Stripe) and daily (pg-boss schedule
 * `payment-reconcile`, 03:40 business time). Each new difference is one warning line in the log; all are
 * in `payment_discrepancies` (the office's `GET /payments/discrepancies`, the metric
 * `eclat_payment_discrepancies`).
 */
export const cardReconcilePlugin = fp(
  (
    app: FastifyInstance,
    options: Pick<PaymentsDeps, 'provider' | 'business'> & { card: StripeCard; runAtStart: boolean },
    done: (error?: Error) => void,
  ) => {
    const run = async () => {
      const deps = { db: app.db, jobs: app.jobs, ...options };
      const fresh = await storeDiscrepancies(app.db, await reconcileCards(deps, new Date()));
      for (const item of fresh) {
        app.log.warn(
          {
            kind: item.kind,
            stripeId: item.providerObjectId,
            appointmentId: item.appointmentId,
            repaired: item.repaired,
          },
          `payments reconciliation: ${item.detail}`,
        );
      }
    };
    app.addHook('onReady', async () => {
      await app.jobs.every('payment-reconcile', '40 3 * * *', run);
      if (options.runAtStart) {
        run().catch((error: unknown) => {
          app.log.error({ err: error }, 'payments reconciliation failed');
        });
      }
    });
    done();
  },
  { name: 'payment-reconcile', dependencies: ['jobs'] },
);
