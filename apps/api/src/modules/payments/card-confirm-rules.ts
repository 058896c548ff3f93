import { CONFIRMABLE_PURPOSES } from '@eclat/shared';
import type { paymentAttempts } from '../../db/schema/index.ts';

/**
 * The rules of a payment the customer's bank wants confirmed (decision 060), on their own: the card
 * service, the charges, the retries and the confirmation pages all read them, and this file reads none of
 * those (no import cycle).
 */

type Purpose = (typeof CONFIRMABLE_PURPOSES)[number];
type Attempt = typeof paymentAttempts.$inferSelect;

/** Stripe's words for "the bank wants the cardholder to confirm" (off session, or an intent left waiting). */
export const CONFIRMATION_CODES = ['authentication_required', 'requires_action'] as const;

/** Whether a failed attempt's code asks for the customer's confirmation rather than another card. */
export function needsConfirmation(failureCode: string | null | undefined): boolean {
  return CONFIRMATION_CODES.some((code) => code === failureCode);
}

/**
 * Whether an attempt's purpose is paid on the hosted page when the bank asks. A tip is too, from its
 * dialog (by its key, `tipToConfirm`): it is never listed, the visit is not "payment needed" for it.
 */
export function isConfirmable(purpose: string): purpose is Purpose {
  return CONFIRMABLE_PURPOSES.some((item) => item === purpose);
}

/**
 * Whether an attempt waits for the customer's bank: failed asking for confirmation, its hosted page
 * open, or that page expired unpaid (a new one is made on the next press).
 */
export function awaitsBank(attempt: Pick<Attempt, 'status' | 'failureCode' | 'checkoutSessionId'>): boolean {
  if (attempt.status === 'confirming') return true;
  if (attempt.status === 'canceled') return attempt.checkoutSessionId !== null;
  return attempt.status === 'failed' && needsConfirmation(attempt.failureCode);
}
