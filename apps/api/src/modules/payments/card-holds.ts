import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { placeDueHolds, settleLeftovers } from './card.service.ts';
import { retryPendingCharges } from './card-charge-retries.ts';
import { HOLDS_CRON, scheduleNextHoldRun } from './card-hold-clock.ts';
import { settleLostRefunds } from './card-refunds.ts';
import { retryFailedHolds } from './card-retries.ts';
import type { StripeCard } from './stripe-client.ts';
import type { PaymentsDeps } from './payments.service.ts';

/**
 * The holds pass every five minutes (pg-boss schedule `payment-holds`, PAYMENTS=stripe only, decision
 * 053), in the processes with workers, and once as they start (after a crash, what the killed process
 * left between Stripe and our ledger is finished at once, not up to five minutes later): what a status
 * change left undone at Stripe is done (a capture, a release), a refund Stripe made whose row a crash
 * lost is recorded (`card-refunds.ts`), a tip, fee or deposit Stripe did not answer is tried again with its
 * key (`card-charge-retries.ts`), then the visits within PAYMENT_HOLD_HOURS get their hold. Then
 * the next visit whose window opens before the next tick gets a run of the pass at that moment
 * (`card-hold-clock.ts`, decision 059): its worker polls every JOB_POLL_SECONDS, so the hold is placed
 * within seconds of "PAYMENT_HOLD_HOURS before".
 */
export const cardHoldsPlugin = fp(
  (
    app: FastifyInstance,
    options: Pick<PaymentsDeps, 'provider' | 'business'> & { card: StripeCard },
    done: (error?: Error) => void,
  ) => {
    app.addHook('onReady', async () => {
      await app.jobs.every(
        'payment-holds',
        HOLDS_CRON,
        async () => {
          const deps = { db: app.db, jobs: app.jobs, card: options.card, business: options.business };
          const now = new Date();
          const settled = await settleLeftovers({ ...deps, provider: options.provider });
          const refunds = await settleLostRefunds({ ...deps, provider: options.provider }, now);
          if (refunds.failed.length > 0)
            app.log.warn({ failed: refunds.failed }, 'refunds made at Stripe could not be recorded');
          // Decision 058: declined holds tried again on their schedule.
          const retried = await retryFailedHolds(deps, now);
          // Decision 061: tips, fees and deposits Stripe did not answer, tried again with their key.
          // A charge that cannot be retried (whatever the reason) does not keep everyone's holds back.
          const charges = await retryPendingCharges({ ...deps, provider: options.provider }, now).catch(
            (error: unknown) => {
              app.log.error({ err: error }, 'card charges could not be tried again; the holds pass goes on');
              return { retried: 0, charged: 0, failed: 0 };
            },
          );
          if (charges.failed > 0)
            app.log.warn({ failed: charges.failed }, 'card charges given up after Stripe did not answer');
          const placed = await placeDueHolds(deps, now);
          if (placed + settled + retried + refunds.recorded + charges.retried > 0)
            app.log.info(
              {
                placed,
                settled,
                retried,
                refundsRecorded: refunds.recorded,
                chargesRetried: charges.retried,
              },
              'card holds placed, visits settled',
            );
          await scheduleNextHoldRun(deps, new Date(), app.log);
        },
        { atStart: true, onTime: true },
      );
    });
    done();
  },
  { name: 'payment-holds', dependencies: ['jobs'] },
);
