import { AppError } from '../../lib/app-error.ts';
import { placeDueHolds } from './card.service.ts';
import { scheduleNextHoldRun } from './card-hold-clock.ts';
import type { PaymentsDeps } from './payments.service.ts';

/**
 * Booking with a card kept on file (PAYMENTS=stripe, decision 056): a customer's own booking (one visit
 * or a series) needs a card on file first, and a visit booked inside `PAYMENT_HOLD_HOURS` (or a card
 * saved again after a decline) gets its hold right away rather than at the next holds pass.
 */

/**
 * 409 `CARD_REQUIRED` when the card is asked for and the customer has none: checked before anything is
 * written, so the customer saves a card on the hosted page and confirms the same booking again. The
 * office's bookings (by phone) are not refused: the office takes the payment its own way.
 */
export function requireCardOnFile(
  cardsOnFile: boolean,
  by: 'admin' | 'customer',
  customer: { cardPaymentMethodId: string | null },
): void {
  if (!cardsOnFile || by !== 'customer' || customer.cardPaymentMethodId) return;
  throw new AppError(
    'CARD_REQUIRED',
    'A card kept on file is needed to book online: save one on the card page, then confirm again.',
  );
}

/**
 * The customer's visits already inside the hold window get their hold now (after the booking or the
 * card's save committed). A failure is left to the holds pass every five minutes, as a capture is: the
 * booking is made whatever Stripe answers, and a declined card sends the "Payment needed" email. A visit
 * left beyond the window whose window opens before the pass's next tick gets a run of the pass then
 * (decision 059).
 */
export async function holdDueVisitsNow(
  deps: Pick<PaymentsDeps, 'db' | 'jobs' | 'business' | 'card'>,
  customerId: string,
): Promise<void> {
  const { card } = deps;
  if (!card) return;
  try {
    await placeDueHolds({ db: deps.db, jobs: deps.jobs, card, business: deps.business }, new Date(), {
      customerId,
    });
  } catch {
    // The next holds pass places it (decision 053).
  }
  await scheduleNextHoldRun({ db: deps.db, jobs: deps.jobs, card }, new Date());
}
