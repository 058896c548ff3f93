import type { PaymentMethod } from '@eclat/shared';
import { AppError } from '../../lib/app-error.ts';

/**
 * The payment provider port (issue 29, decision 048): what moves money outside our database. The ledger,
 * its rules and its receipts are the same whatever the provider; an adapter only does what happens at the
 * provider and answers its ids for the ledger's row.
 *
 * - `off`: payments are not taken; the payment routes answer 404 PAYMENTS_OFF.
 * - `manual`: the office takes cash, cheques and Interac e-Transfers itself and records them; nothing
 *   moves at a provider, so every call answers `null` (no provider ids).
 * - `stripe` (next session): holds the card before the visit, captures it when the visit is done and gives
 *   card payments back. Every call carries the idempotency key the service derives from the visit, the
 *   purpose and the attempt, so a retry after a crash between the provider's answer and our commit finds
 *   the first movement instead of making a second one.
 */
export type PaymentsMode = 'off' | 'manual' | 'stripe';

/** What a provider did, to be written on the ledger's row; null when nothing moved at a provider. */
export type ProviderMovement = {
  provider: string;
  providerPaymentId: string | null;
  providerRefundId: string | null;
} | null;

export type HoldRequest = { appointmentId: string; cents: number; idempotencyKey: string };
export type CaptureRequest = HoldRequest & { providerPaymentId: string };
export type RefundRequest = {
  appointmentId: string;
  cents: number;
  method: PaymentMethod;
  /** The card payment given back, when the refund is on a card (null: money handed back by the office). */
  providerPaymentId: string | null;
  idempotencyKey: string;
  /**
   * What our ledger row says (who, why, the reference), kept with the provider's refund: a refund whose
   * answer a crash lost is recorded from it as it was asked for (`settleLostRefunds`).
   */
  recordedBy?: string;
  reason?: string;
  reference?: string;
};

export type PaymentProvider = {
  readonly mode: PaymentsMode;
  /** Whether the office may record money it received itself (cash, cheque, Interac e-Transfer). */
  readonly recordsOfficePayments: boolean;
  /** Authorises the visit's amount on the customer's card, before the visit. */
  hold(request: HoldRequest): Promise<ProviderMovement>;
  /** Charges a hold, for the final amount (never above the hold). */
  capture(request: CaptureRequest): Promise<ProviderMovement>;
  /** Gives money back: on the card it was paid with, or (null) handed back by the office. */
  refund(request: RefundRequest): Promise<ProviderMovement>;
};

export const paymentsOff = () =>
  new AppError('PAYMENTS_OFF', 'Payments are off on this site (PAYMENTS=off).');

/** `PAYMENTS=off`: no payment is taken or recorded. */
export const offProvider: PaymentProvider = {
  mode: 'off',
  recordsOfficePayments: false,
  hold: () => Promise.reject(paymentsOff()),
  capture: () => Promise.reject(paymentsOff()),
  refund: () => Promise.reject(paymentsOff()),
};

/** `PAYMENTS=manual`: the office records what it received and hands refunds back itself. */
export const manualProvider: PaymentProvider = {
  mode: 'manual',
  recordsOfficePayments: true,
  // No card is kept in manual mode: there is nothing to hold or capture.
  hold: () => Promise.resolve(null),
  capture: () => Promise.resolve(null),
  refund: () => Promise.resolve(null),
};

export function providerFor(mode: 'off' | 'manual' | 'stripe'): PaymentProvider {
  // Stripe's adapter needs its client: app.ts makes it (`stripeProvider`) when PAYMENTS=stripe.
  return mode === 'manual' ? manualProvider : offProvider;
}
