import type Stripe from 'stripe';
import type { AppConfig } from '../../config.ts';
import type { StripeCard } from './stripe-client.ts';
import type { PaymentProvider, ProviderMovement } from './payment-provider.ts';

/**
 * The Stripe adapter behind the provider port (issue 29, decisions 048 and 053). Every call sends the
 * idempotency key the service derived from the visit, the purpose and the attempt, so a call sent again
 * after a crash finds what the first one did at Stripe instead of moving money twice.
 */
export function stripeProvider(stripe: Stripe): PaymentProvider {
  const movement = (payment: string | null, refund: string | null = null): ProviderMovement => ({
    provider: 'stripe',
    providerPaymentId: payment,
    providerRefundId: refund,
  });
  return {
    mode: 'stripe',
    // The office may still record cash or a cheque for a visit paid by hand.
    recordsOfficePayments: true,
    hold: () =>
      // Holds are placed by the hold pass (`placeDueHolds`), which knows the customer's card.
      Promise.reject(new Error('Stripe holds are placed by the hold pass')),
    async capture(request) {
      const intent = await stripe.paymentIntents.capture(
        request.providerPaymentId,
        { amount_to_capture: request.cents },
        { idempotencyKey: request.idempotencyKey },
      );
      return movement(intent.id);
    },
    async refund(request) {
      // Money handed back by the office (cash, cheque) moves nothing at Stripe.
      if (!request.providerPaymentId) return null;
      // The metadata says which visit and form it is for: a refund whose answer a crash lost is found
      // and recorded by the holds pass (`settleLostRefunds`), sending the same request again.
      const metadata = Object.fromEntries(
        Object.entries({
          visit_id: request.appointmentId,
          ledger_key: request.idempotencyKey,
          recorded_by: request.recordedBy,
          reason: request.reason,
          reference: request.reference,
        }).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
      );
      const refund = await stripe.refunds.create(
        { payment_intent: request.providerPaymentId, amount: request.cents, metadata },
        { idempotencyKey: request.idempotencyKey },
      );
      return movement(request.providerPaymentId, refund.id);
    },
  };
}

/**
 * The Stripe client and settings for PAYMENTS=stripe. The SDK is loaded here only (a dynamic import:
 * it takes about half a second), so `off` and `manual` start as fast as before.
 */
export async function stripeCardFor(config: AppConfig): Promise<StripeCard> {
  const { secretKey, webhookSecret, apiBase } = config.stripe;
  // loadConfig refuses PAYMENTS=stripe without both.
  if (!secretKey || !webhookSecret)
    throw new Error('PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  const { createStripeClient } = await import('./stripe-client.ts');
  return {
    stripe: createStripeClient({ secretKey, apiBase }),
    webhookSecret,
    holdHours: config.paymentHoldHours,
    publicUrl: config.publicUrl,
  };
}
