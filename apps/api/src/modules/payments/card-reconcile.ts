import { and, count, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { MAX_TOTAL_PAGES } from '@eclat/shared';
import type Stripe from 'stripe';
import { appointments, paymentAttempts, paymentDiscrepancies, paymentLedger } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import { recordCardPayment, type PaymentsDeps } from './payments.service.ts';
import { discrepancyColumns, discrepancyOf, type Discrepancy } from './card-discrepancies.ts';
import { isLostRefundsOwn } from './card-refunds.ts';
import { finishLostConfirmations } from './card-confirm.ts';
import type { StripeCard } from './stripe-client.ts';

/**
 * The reconciliation (issue 29 §6, decision 058), at start and daily: Stripe's PaymentIntents and refunds
 * made for our visits in the last `RECONCILE_DAYS` compared with our attempts and ledger. What is safe
 * is repaired, once (a payment Stripe took that our ledger lacks is written under the key of the attempt
 * that made it, so the holds pass, a second run or a concurrent one finds it written; a hold Stripe let
 * lapse is marked so the pass holds the visit again); the rest is reported. Each difference is stored
 * once (kind and Stripe id) in `payment_discrepancies`, logged, counted by a metric and listed for the
 * office (`GET /payments/discrepancies`).
 */

export const RECONCILE_DAYS = 35;

type ReconcileDeps = PaymentsDeps & { card: StripeCard };

/**
 * The attempts whose money is a `payment` row under the attempt's key (a fee and a deposit too, decision
 * 057); a tip's row needs its shares, so a missing tip is reported, not guessed.
 */
const REPAIRABLE: ReadonlySet<string> = new Set(['hold', 'charge', 'fee', 'deposit']);

const DAY = 24 * 60 * 60 * 1000;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Our ledger's card movements since `since`, and those of the PaymentIntents listed. */
async function ledgerCardRows(db: Db, since: Date, intentIds: string[]) {
  return db
    .select({
      appointmentId: paymentLedger.appointmentId,
      kind: paymentLedger.kind,
      cents: paymentLedger.cents,
      providerPaymentId: paymentLedger.providerPaymentId,
      providerRefundId: paymentLedger.providerRefundId,
    })
    .from(paymentLedger)
    .where(
      and(
        isNotNull(paymentLedger.providerPaymentId),
        intentIds.length > 0
          ? sql`(${paymentLedger.createdAt} >= ${since.toISOString()}::timestamptz
              or ${inArray(paymentLedger.providerPaymentId, intentIds)})`
          : gte(paymentLedger.createdAt, since),
      ),
    );
}

/**
 * One run: returns every difference seen (new or already stored). `now` and the Stripe client come from
 * the caller, so a test runs it against the fake at any moment.
 */
export async function reconcileCards(deps: ReconcileDeps, now: Date): Promise<Discrepancy[]> {
  const { stripe } = deps.card;
  const since = new Date(now.getTime() - RECONCILE_DAYS * DAY);
  const created = { gte: Math.floor(since.getTime() / 1000) };
  const intents: Stripe.PaymentIntent[] = [];
  for await (const intent of stripe.paymentIntents.list({ created, limit: 100 })) {
    if (intent.metadata.visit_id) intents.push(intent);
  }
  const refunds: Stripe.Refund[] = [];
  for await (const refund of stripe.refunds.list({ created, limit: 100 })) refunds.push(refund);

  const keys = intents.flatMap((intent) => intent.metadata.attempt_key ?? []);
  // Decision 060: a payment page paid whose webhook and return were both lost is recorded first.
  await finishLostConfirmations(deps, keys);
  const attempts =
    keys.length === 0
      ? []
      : await deps.db.select().from(paymentAttempts).where(inArray(paymentAttempts.idempotencyKey, keys));
  const attemptOf = new Map(attempts.map((attempt) => [attempt.idempotencyKey, attempt]));
  const visitIds = [...new Set(intents.map((intent) => intent.metadata.visit_id ?? ''))].filter(Boolean);
  const visits =
    visitIds.length === 0
      ? []
      : await deps.db
          .select({ id: appointments.id, status: appointments.status })
          .from(appointments)
          .where(inArray(appointments.id, visitIds));
  const statusOf = new Map(visits.map((visit) => [visit.id, visit.status]));
  const ledger = await ledgerCardRows(
    deps.db,
    since,
    intents.map((intent) => intent.id),
  );
  const paidOf = (intentId: string) =>
    // A tip by card is a `tip` row (decision 057): Stripe's money all the same.
    ledger.filter(
      (row) => (row.kind === 'payment' || row.kind === 'tip') && row.providerPaymentId === intentId,
    );

  const found: Discrepancy[] = [];
  const intentById = new Map(intents.map((intent) => [intent.id, intent]));
  for (const intent of intents) {
    const visitId = intent.metadata.visit_id ?? null;
    const attempt = attemptOf.get(intent.metadata.attempt_key ?? '');
    const base = { providerObjectId: intent.id, appointmentId: visitId };
    if (intent.status === 'succeeded') {
      const rows = paidOf(intent.id);
      if (rows.length > 0) {
        const recorded = sum(rows.map((row) => row.cents));
        if (recorded !== intent.amount_received)
          found.push({
            ...base,
            kind: 'amount_differs',
            cents: intent.amount_received,
            detail: `Stripe received ${intent.amount_received} cents; our ledger has ${recorded}.`,
            repaired: false,
          });
        continue;
      }
      const repairable = attempt && REPAIRABLE.has(attempt.purpose);
      if (repairable && visitId && statusOf.has(visitId)) {
        await recordMissingPayment(deps, visitId, intent, attempt);
        found.push({
          ...base,
          kind: 'payment_missing',
          cents: intent.amount_received,
          detail: `Stripe took ${intent.amount_received} cents (${attempt.idempotencyKey}) our ledger lacked: written.`,
          repaired: true,
        });
      } else {
        found.push({
          ...base,
          kind: 'payment_unknown',
          cents: intent.amount_received,
          detail: `Stripe took ${intent.amount_received} cents for a visit or attempt we do not have.`,
          repaired: false,
        });
      }
      continue;
    }
    if (intent.status === 'canceled' && attempt?.status === 'held') {
      await deps.db
        .update(paymentAttempts)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'held')));
      found.push({
        ...base,
        kind: 'hold_lapsed',
        cents: intent.amount,
        detail: `The hold ${attempt.idempotencyKey} is no longer at Stripe (${intent.cancellation_reason ?? 'canceled'}): marked released; the holds pass holds the visit again.`,
        repaired: true,
      });
      continue;
    }
    if (intent.status === 'requires_capture') {
      const visitStatus = visitId ? statusOf.get(visitId) : undefined;
      const ours = attempt && (attempt.status === 'held' || attempt.status === 'pending');
      if (!ours || visitStatus === undefined || visitStatus === 'cancelled')
        found.push({
          ...base,
          kind: 'hold_unexpected',
          cents: intent.amount_capturable,
          detail: `Stripe holds ${intent.amount_capturable} cents for ${visitStatus === undefined ? 'a visit we do not have' : `a ${visitStatus} visit`} (our attempt: ${attempt?.status ?? 'none'}).`,
          repaired: false,
        });
    }
  }

  // Our card payments that Stripe does not show as taken (looked up one by one when not listed).
  for (const intentId of new Set(
    ledger.filter((row) => row.kind === 'payment').map((row) => row.providerPaymentId),
  )) {
    if (!intentId) continue;
    const intent =
      intentById.get(intentId) ?? (await stripe.paymentIntents.retrieve(intentId).catch(() => null));
    if (intent?.status === 'succeeded') continue;
    const rows =
      paidOf(intentId).length > 0
        ? paidOf(intentId)
        : ledger.filter((row) => row.providerPaymentId === intentId);
    found.push({
      providerObjectId: intentId,
      appointmentId: rows[0]?.appointmentId ?? null,
      kind: 'payment_not_at_stripe',
      cents: sum(rows.filter((row) => row.kind === 'payment').map((row) => row.cents)),
      detail: `Our ledger has a card payment Stripe shows as ${intent?.status ?? 'missing'}.`,
      repaired: false,
    });
  }

  // Refunds: Stripe's on our payments against our ledger's, both ways.
  const ourIntents = new Set([
    ...intents.map((intent) => intent.id),
    ...ledger.map((row) => row.providerPaymentId),
  ]);
  const refundRows = ledger.filter((row) => row.kind === 'refund');
  const refundIds = new Set(refundRows.map((row) => row.providerRefundId));
  for (const refund of refunds) {
    const intentId =
      typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
    if (!intentId || !ourIntents.has(intentId) || refund.status !== 'succeeded' || refundIds.has(refund.id))
      continue;
    // One of ours from the last day: the holds pass's to record, or to report if it cannot (decision 061).
    if (isLostRefundsOwn(refund, now)) continue;
    found.push({
      providerObjectId: refund.id,
      appointmentId:
        intentById.get(intentId)?.metadata.visit_id ?? paidOf(intentId)[0]?.appointmentId ?? null,
      kind: 'refund_missing',
      cents: refund.amount,
      detail: `Stripe refunded ${refund.amount} cents that our ledger does not show.`,
      repaired: false,
    });
  }
  const listedRefunds = new Map(refunds.map((refund) => [refund.id, refund]));
  for (const row of refundRows) {
    if (!row.providerRefundId) continue;
    const refund =
      listedRefunds.get(row.providerRefundId) ??
      (await stripe.refunds.retrieve(row.providerRefundId).catch(() => null));
    if (refund?.status === 'succeeded' || refund?.status === 'pending') continue;
    found.push({
      providerObjectId: row.providerRefundId,
      appointmentId: row.appointmentId,
      kind: 'refund_not_at_stripe',
      cents: row.cents,
      detail: `Our ledger has a card refund Stripe shows as ${refund?.status ?? 'missing'}.`,
      repaired: false,
    });
  }
  return found;
}

/** A payment Stripe took and our ledger lacks, written under its attempt's key with its attempt marked. */
async function recordMissingPayment(
  deps: ReconcileDeps,
  appointmentId: string,
  intent: Stripe.PaymentIntent,
  attempt: typeof paymentAttempts.$inferSelect,
): Promise<void> {
  const idempotencyKey =
    attempt.purpose === 'hold' ? `visit:${appointmentId}:capture:${attempt.attempt}` : attempt.idempotencyKey;
  await recordCardPayment(
    deps,
    appointmentId,
    { cents: intent.amount_received, idempotencyKey, providerPaymentId: intent.id },
    async (tx) => {
      await tx.db
        .update(paymentAttempts)
        .set({ status: 'captured', providerPaymentId: intent.id, updatedAt: new Date() })
        .where(eq(paymentAttempts.id, attempt.id));
    },
  );
}

/**
 * `GET /payments/discrepancies?page=&size=` (admin): a page of the differences, those still to look at
 * first (decision 061), then newest first.
 */
export async function listDiscrepancies(db: Db, query: { page: number; size: number }) {
  const { page, size } = query;
  const [total] = await db
    .select({
      n: count(),
      open: sql<number>`(count(*) filter (where ${paymentDiscrepancies.resolvedAt} is null))::int`,
    })
    .from(paymentDiscrepancies);
  const rows = await db
    .select(discrepancyColumns)
    .from(paymentDiscrepancies)
    .orderBy(
      sql`${paymentDiscrepancies.resolvedAt} is null desc`,
      desc(paymentDiscrepancies.foundAt),
      desc(paymentDiscrepancies.id),
    )
    .limit(size)
    .offset(page * size);
  const totalElements = total?.n ?? 0;
  return {
    content: rows.map(({ row, visitExists }) => discrepancyOf(row, visitExists)),
    page,
    size,
    totalElements,
    totalPages: Math.min(Math.ceil(totalElements / size), MAX_TOTAL_PAGES),
    openCount: total?.open ?? 0,
  };
}

// Stored once each, by kind and Stripe id (`card-discrepancies.ts`); re-exported for the job and the tests.
export { storeDiscrepancies, type Discrepancy } from './card-discrepancies.ts';
