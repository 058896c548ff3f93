import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { paymentLedger } from '../../db/schema/index.ts';
import { storeDiscrepancies } from './card-discrepancies.ts';
import { refund, type PaymentsDeps } from './payments.service.ts';
import type { StripeCard } from './stripe-client.ts';

/** How far back the pass looks for a refund a crash lost: Stripe keeps an idempotency key a day. */
export const LOOK_BACK_SECONDS = 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type LostRefunds = {
  recorded: number;
  failed: { refundId: string; appointmentId: string; cents: number; message: string }[];
};

/** The form one of our refunds at Stripe was made for (its metadata, `stripe-provider.ts`), or null. */
function formOf(made: Stripe.Refund) {
  const { visit_id: visitId, ledger_key: key, recorded_by: recordedBy, reason } = made.metadata ?? {};
  const prefix = `visit:${visitId ?? ''}:refund:`;
  if (!visitId || !UUID.test(visitId) || !key?.startsWith(prefix) || !recordedBy || !reason) return null;
  return { visitId, formKey: key.slice(prefix.length), recordedBy, reason };
}

/**
 * Whether this pass owns a refund Stripe made (decision 061): one of ours, by its metadata, made within
 * the look-back. The pass records it (or stores it as `refund_missing` when it cannot); the reconciliation
 * leaves it alone, so a refund about to be recorded is never reported as well.
 */
export const isLostRefundsOwn = (made: Stripe.Refund, now: Date) =>
  formOf(made) !== null && made.created >= Math.floor(now.getTime() / 1000) - LOOK_BACK_SECONDS;

/**
 * A refund on the card is asked of Stripe inside the ledger's transaction (decision 048): a crash after
 * Stripe made it and before our commit leaves the money given back and no row, and a new form (a new
 * key) would give it back a second time. So the holds pass (at start and every five minutes) lists the
 * refunds Stripe made in the last day, and each one of ours (its metadata names the visit and the form's
 * key, `stripe-provider.ts`) whose row is missing is recorded by sending its form again, as it was asked
 * (who, why, the reference): the same key, so Stripe answers the refund it made, and one row is written
 * with its credit note. A refund that cannot be recorded so is reported, not retried blindly: logged by the
 * pass and stored as `refund_missing` for the office's screen (decision 061).
 */
export async function settleLostRefunds(deps: PaymentsDeps & { card: StripeCard }, now: Date) {
  const lost: LostRefunds = { recorded: 0, failed: [] };
  const since = Math.floor(now.getTime() / 1000) - LOOK_BACK_SECONDS;
  for await (const made of deps.card.stripe.refunds.list({ created: { gte: since }, limit: 100 })) {
    const form = formOf(made);
    if (!form) continue;
    const { visitId, formKey, recordedBy, reason } = form;
    if (made.status === 'failed' || made.status === 'canceled') continue;
    const [row] = await deps.db
      .select({ id: paymentLedger.id })
      .from(paymentLedger)
      .where(and(eq(paymentLedger.appointmentId, visitId), eq(paymentLedger.idempotencyKey, formKey)));
    if (row) continue;
    try {
      await refund(
        deps,
        { userId: recordedBy, email: '', emailVerified: false, permissions: new Set() },
        visitId,
        {
          cents: made.amount,
          method: 'card',
          reason,
          reference: made.metadata?.reference,
          idempotencyKey: formKey,
        },
      );
      lost.recorded += 1;
    } catch (error) {
      lost.failed.push({
        refundId: made.id,
        appointmentId: visitId,
        cents: made.amount,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  // Decision 061: the office's screen lists each once (the reconciliation leaves these refunds alone).
  await storeDiscrepancies(
    deps.db,
    lost.failed.map((failure) => ({
      kind: 'refund_missing',
      providerObjectId: failure.refundId,
      appointmentId: failure.appointmentId,
      cents: failure.cents,
      detail: `Stripe refunded ${failure.cents} cents that our ledger could not record: ${failure.message}`,
      repaired: false,
    })),
  );
  return lost;
}
