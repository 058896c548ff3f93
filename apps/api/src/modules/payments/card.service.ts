import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { CardOnFile } from '@eclat/shared';
import { appointments, customers, paymentAttempts, stripeEvents } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { Transaction } from '../../plugins/jobs.ts';
import { findOwnCustomer } from '../auth/ownership.ts';
import { holdWindowEnd } from './card-hold-clock.ts';
import { amountToHold, recordCardPayment, type PaymentsDeps } from './payments.service.ts';
import { isConfirmable, needsConfirmation } from './card-confirm-rules.ts';
import type { StripeCard } from './stripe-client.ts';

/**
 * The card side of `PAYMENTS=stripe` (issue 29, decision 053): a Stripe customer per customer, the card on
 * file through Checkout in setup mode, the webhooks (verified, stored by event id, applied once and in any
 * order) and the hold before the visit. Every call that creates or moves something at Stripe carries an
 * idempotency key derived from our ids, so a retry after a crash finds what the first call made.
 */

type Caller = Pick<AuthContext, 'userId' | 'email' | 'emailVerified'>;
type CardDeps = Pick<PaymentsDeps, 'db' | 'jobs'> & { card: StripeCard };

/**
 * The row of a call that may move money, committed before the call: its key comes from the visit, the
 * purpose and the attempt, so whatever happens next, the next try sends the same key.
 */
export async function newAttempt(
  tx: Db,
  appointmentId: string,
  purpose: (typeof paymentAttempts.$inferInsert)['purpose'],
  number: number,
  cents: number,
  /** The form that asked for it (a tip, a fee; decision 057), so the same form finds it again. */
  requestKey: string | null = null,
) {
  const [attempt] = await tx
    .insert(paymentAttempts)
    .values({
      appointmentId,
      purpose,
      attempt: number,
      idempotencyKey: `visit:${appointmentId}:${purpose}:${number}`,
      cents,
      requestKey,
    })
    .returning();
  if (!attempt) throw new Error('The payment attempt was not written');
  return attempt;
}

export const cardPaymentsOff = () =>
  new AppError('PAYMENTS_OFF', 'Cards are taken only with PAYMENTS=stripe on this site.');

/** The stripe deps, or 404 PAYMENTS_OFF in the other modes. */
export function cardDepsOf(deps: PaymentsDeps): CardDeps {
  if (!deps.card) throw cardPaymentsOff();
  return { db: deps.db, jobs: deps.jobs, card: deps.card };
}

/** Stripe's id of a field that may come expanded. */
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

async function ownCustomer(deps: CardDeps, caller: Caller) {
  const own = await findOwnCustomer(deps.db, caller);
  if (!own) throw notFound('Customer');
  return own;
}

// ---- the Stripe customer and the card on file ----

/**
 * The customer's Stripe customer, made the first time with the key `customer:<id>:stripe-customer`: a
 * crash between Stripe's answer and our update makes the next call send the same key and get the same
 * customer back, so a customer never has two.
 */
async function stripeCustomerOf(deps: CardDeps, customerId: string): Promise<string> {
  const [row] = await deps.db
    .select({
      stripeCustomerId: customers.stripeCustomerId,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) throw notFound('Customer');
  if (row.stripeCustomerId) return row.stripeCustomerId;
  const made = await deps.card.stripe.customers.create(
    {
      email: row.email,
      name: `${row.firstName} ${row.lastName}`.trim(),
      metadata: { customer_id: customerId },
    },
    { idempotencyKey: `customer:${customerId}:stripe-customer` },
  );
  await deps.db
    .update(customers)
    .set({ stripeCustomerId: made.id })
    .where(and(eq(customers.id, customerId), sql`${customers.stripeCustomerId} is null`));
  return made.id;
}

/** `POST /payments/card-setup`: a Checkout session in setup mode for the signed-in customer. */
export async function startCardSetup(deps: CardDeps, caller: Caller): Promise<{ url: string }> {
  const own = await ownCustomer(deps, caller);
  const stripeCustomer = await stripeCustomerOf(deps, own.id);
  const session = await deps.card.stripe.checkout.sessions.create(
    {
      mode: 'setup',
      customer: stripeCustomer,
      currency: 'cad',
      success_url: `${deps.card.publicUrl}/profile?card=saved&session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.card.publicUrl}/profile?card=cancelled`,
      metadata: { customer_id: own.id },
      // Orders the cards a customer saves, whatever order Stripe's events arrive in.
      setup_intent_data: { metadata: { customer_id: own.id, requested_at: String(Date.now()) } },
    },
    // A new page each time the customer asks: the key names the customer and this request.
    { idempotencyKey: `customer:${own.id}:card-setup:${crypto.randomUUID()}` },
  );
  if (!session.url) throw new AppError('SERVICE_UNAVAILABLE', 'The card page is not available; try again.');
  return { url: session.url };
}

/** When the customer asked for the page a setup intent came from (its metadata), in ms; 0 unknown. */
const requestedAtOf = (intent: Stripe.SetupIntent) => Number(intent.metadata?.requested_at ?? 0) || 0;

/**
 * A setup intent's card becomes the customer's card on file, if it succeeded, its card is still attached
 * to that customer and no card asked for later is on file already: so an old event applied late never
 * brings back an older card, and the order events arrive in does not matter. It becomes the Stripe
 * customer's default too (an update: the same values again change nothing).
 */
async function saveCardOf(deps: CardDeps, db: Db, intent: Stripe.SetupIntent): Promise<void> {
  const pmId = intent.status === 'succeeded' ? idOf(intent.payment_method) : null;
  if (!pmId) return;
  const pm = await deps.card.stripe.paymentMethods.retrieve(pmId);
  const stripeCustomer = idOf(pm.customer);
  if (!stripeCustomer || !pm.card) return;
  const requestedAt = new Date(requestedAtOf(intent));
  const [row] = await db
    .select({
      id: customers.id,
      current: customers.cardPaymentMethodId,
      currentRequestedAt: customers.cardRequestedAt,
    })
    .from(customers)
    .where(eq(customers.stripeCustomerId, stripeCustomer))
    .for('update');
  if (!row || row.current === pm.id) return;
  if (row.currentRequestedAt && row.currentRequestedAt >= requestedAt) return;
  await deps.card.stripe.customers.update(stripeCustomer, {
    invoice_settings: { default_payment_method: pm.id },
  });
  await db
    .update(customers)
    .set({
      cardPaymentMethodId: pm.id,
      cardBrand: pm.card.brand,
      cardLast4: pm.card.last4,
      cardExpMonth: pm.card.exp_month,
      cardExpYear: pm.card.exp_year,
      cardRequestedAt: requestedAt,
    })
    .where(eq(customers.id, row.id));
  // A new card: the customer's open visits whose hold failed are tried again by the next pass (a new
  // attempt, a new key). A visit already completed keeps its mark until it is paid.
  await db
    .update(appointments)
    .set({ paymentNeeded: false })
    .where(
      and(
        eq(appointments.customerId, row.id),
        eq(appointments.paymentNeeded, true),
        inArray(appointments.status, ['pending', 'confirmed']),
      ),
    );
}

/** The card a completed setup-mode session saved (none while it is open). */
async function saveCardOfSession(deps: CardDeps, db: Db, sessionId: string): Promise<void> {
  const session = await deps.card.stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent'] });
  const intent = session.setup_intent;
  if (session.mode !== 'setup' || typeof intent !== 'object' || intent === null) return;
  await saveCardOf(deps, db, intent);
}

/** `POST /payments/card-setup/done`: the customer is back from the hosted page (the webhook does the same). */
export async function finishCardSetup(
  deps: CardDeps,
  caller: Caller,
  sessionId: string,
): Promise<CardOnFile | null> {
  const own = await ownCustomer(deps, caller);
  const session = await deps.card.stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
  if (!session || idOf(session.customer) !== own.stripeCustomerId || !own.stripeCustomerId)
    throw notFound('Card setup');
  await deps.jobs.transaction(async ({ db: tx }) => {
    await saveCardOfSession(deps, tx, sessionId);
  });
  return cardOf(deps, caller);
}

/** `GET /payments/card`: the signed-in customer's card on file, or null. */
export async function cardOf(deps: CardDeps, caller: Caller): Promise<CardOnFile | null> {
  const own = await ownCustomer(deps, caller);
  const [row] = await deps.db
    .select({
      pm: customers.cardPaymentMethodId,
      brand: customers.cardBrand,
      last4: customers.cardLast4,
      expMonth: customers.cardExpMonth,
      expYear: customers.cardExpYear,
    })
    .from(customers)
    .where(eq(customers.id, own.id));
  if (!row?.pm || !row.brand || !row.last4 || !row.expMonth || !row.expYear) return null;
  return { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
}

const noCard = {
  cardPaymentMethodId: null,
  cardBrand: null,
  cardLast4: null,
  cardExpMonth: null,
  cardExpYear: null,
};

/** `DELETE /payments/card`: the card is detached at Stripe and forgotten here. */
export async function removeCard(deps: CardDeps, caller: Caller): Promise<void> {
  const own = await ownCustomer(deps, caller);
  const [row] = await deps.db
    .select({ pm: customers.cardPaymentMethodId })
    .from(customers)
    .where(eq(customers.id, own.id));
  if (!row?.pm) return;
  const pm = await deps.card.stripe.paymentMethods.retrieve(row.pm);
  if (pm.customer) await deps.card.stripe.paymentMethods.detach(row.pm);
  await deps.db
    .update(customers)
    .set(noCard)
    .where(and(eq(customers.id, own.id), eq(customers.cardPaymentMethodId, row.pm)));
}

// ---- webhooks ----

export class WebhookSignatureError extends Error {}

/**
 * `POST /payments/stripe/webhook`: the raw body verified with the signing secret (a forged or stale
 * signature: `WebhookSignatureError`, nothing applied), then the event stored by its id and applied in
 * the same transaction. An id seen before is answered without applying it again. Each handler reads the
 * object as it is now at Stripe, never the event's copy, so the order events arrive in does not matter.
 */
export async function receiveWebhook(
  deps: CardDeps & {
    /** A completed payment-mode Checkout session (decision 060, `card-confirm.ts`). */
    onPaymentSession?: (sessionId: string) => Promise<unknown>;
  },
  rawBody: Buffer,
  signature: string,
): Promise<boolean> {
  let event: Stripe.Event;
  try {
    event = deps.card.stripe.webhooks.constructEvent(rawBody, signature, deps.card.webhookSecret);
  } catch {
    throw new WebhookSignatureError('invalid signature');
  }
  return deps.jobs.transaction(async (tx) => {
    const stored = await tx.db
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (stored.length === 0) return false;
    await applyEvent(deps, tx, event);
    return true;
  });
}

async function applyEvent(
  deps: CardDeps & { onPaymentSession?: (sessionId: string) => Promise<unknown> },
  tx: Transaction,
  event: Stripe.Event,
): Promise<void> {
  const { db } = tx;
  switch (event.type) {
    case 'checkout.session.completed':
      if (event.data.object.mode === 'payment') await deps.onPaymentSession?.(event.data.object.id);
      else await saveCardOfSession(deps, db, event.data.object.id);
      return;
    case 'setup_intent.succeeded': {
      await saveCardOf(deps, db, await deps.card.stripe.setupIntents.retrieve(event.data.object.id));
      return;
    }
    case 'payment_method.detached': {
      await db.update(customers).set(noCard).where(eq(customers.cardPaymentMethodId, event.data.object.id));
      return;
    }
    case 'payment_intent.amount_capturable_updated':
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.requires_action':
    case 'payment_intent.canceled': {
      const intent = await deps.card.stripe.paymentIntents.retrieve(event.data.object.id);
      await syncAttempt(tx, intent);
      return;
    }
    default:
      return;
  }
}

/**
 * The attempt's status from the PaymentIntent as it is now (a no-op when it already says so): held,
 * failed (the visit then needs a payment) or cancelled. A capture is never marked here: only the write
 * of its ledger row marks it (`recordCardPayment`), so a captured attempt always has its payment; a
 * succeeded PaymentIntent whose row is missing is recorded by the holds pass (`settleLeftovers`).
 */
async function syncAttempt(tx: Transaction, intent: Stripe.PaymentIntent): Promise<void> {
  const key = intent.metadata.attempt_key;
  if (!key) return;
  if (intent.status === 'requires_payment_method' || intent.status === 'requires_action') {
    const [attempt] = await tx.db
      .select({
        id: paymentAttempts.id,
        appointmentId: paymentAttempts.appointmentId,
        purpose: paymentAttempts.purpose,
      })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.idempotencyKey, key));
    // A declined tip owes nothing: it fails alone, the visit is not "payment needed" (decision 057).
    if (attempt?.purpose === 'tip') {
      await tx.db
        .update(paymentAttempts)
        .set({ status: 'failed', providerPaymentId: intent.id, updatedAt: new Date() })
        .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')));
    } else if (attempt) {
      await markFailed(tx, {
        attemptId: attempt.id,
        appointmentId: attempt.appointmentId,
        providerPaymentId: intent.id,
        failureCode: intent.last_payment_error?.code ?? intent.status,
      });
    }
    return;
  }
  const status =
    intent.status === 'requires_capture' ? 'held' : intent.status === 'canceled' ? 'canceled' : null;
  if (!status) return;
  await tx.db
    .update(paymentAttempts)
    .set({ status, providerPaymentId: intent.id, updatedAt: new Date() })
    .where(
      and(eq(paymentAttempts.idempotencyKey, key), inArray(paymentAttempts.status, ['pending', 'held'])),
    );
}

/**
 * An attempt the card refused (declined, or the bank asks the customer to confirm), recorded once
 * whichever comes first, our call's answer or Stripe's event: the attempt failed with its code, the
 * visit "payment needed", and the customer's "Payment needed" email queued in the same transaction (only
 * by the write that made the attempt fail, so never twice).
 */
export async function markFailed(
  tx: Transaction,
  failure: {
    attemptId: string;
    appointmentId: string;
    providerPaymentId: string | null;
    failureCode: string;
  },
): Promise<void> {
  const changed = await tx.db
    .update(paymentAttempts)
    .set({
      status: 'failed',
      providerPaymentId: failure.providerPaymentId,
      failureCode: failure.failureCode,
      updatedAt: new Date(),
    })
    .where(
      and(eq(paymentAttempts.id, failure.attemptId), inArray(paymentAttempts.status, ['pending', 'held'])),
    )
    .returning({ id: paymentAttempts.id, purpose: paymentAttempts.purpose, cents: paymentAttempts.cents });
  const [failed] = changed;
  if (!failed) return;
  // Only the failure that marks the visit emails: a scheduled retry declined again (decision 058) does not.
  const [visit] = await tx.db
    .update(appointments)
    .set({ paymentNeeded: true })
    .where(and(eq(appointments.id, failure.appointmentId), eq(appointments.paymentNeeded, false)))
    .returning({
      startsAt: appointments.appointmentDate,
      locale: appointments.locale,
      firstName: appointments.customerFirstName,
      customerId: appointments.customerId,
    });
  if (!visit) return;
  const [customer] = await tx.db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, visit.customerId));
  if (!customer) return;
  await tx.enqueue('email', {
    to: customer.email,
    locale: visit.locale === 'fr' ? 'fr' : 'en',
    message: {
      template: 'payment-needed',
      data: {
        appointmentId: failure.appointmentId,
        customerFirstName: visit.firstName,
        startsAt: visit.startsAt.toISOString(),
        // The bank wants the customer to confirm: the email leads to the hosted page (decision 060).
        ...(needsConfirmation(failure.failureCode) && isConfirmable(failed.purpose)
          ? { confirm: { purpose: failed.purpose, cents: failed.cents } }
          : {}),
      },
    },
  });
}

// ---- the hold before the visit ----

/** Holds placed by one pass at most (the next pass takes the rest). */
const PER_PASS = 200;

/** An attempt still standing for the visit: being made or holding the amount. */
const LIVE = ['pending', 'held'] as const;

/**
 * The holds due: every open visit (pending or confirmed, with a time) starting within `PAYMENT_HOLD_HOURS`
 * whose customer has a card on file and which has no live hold. For each, the attempt's row is written
 * first with its key `visit:<id>:hold:<n>` (n: one more than its attempts so far), then the
 * PaymentIntent is made with that key (manual capture, off session, confirmed), then the row says what
 * Stripe answered. A crash in between leaves a `pending` row: the next pass sends the same key again and
 * Stripe answers the PaymentIntent it made, never a second one. Returns the holds placed.
 */
export async function placeDueHolds(
  deps: CardDeps & Pick<PaymentsDeps, 'business'>,
  now: Date,
  /** Only this customer's visits (a booking or a card just saved: decision 056). */
  only?: { customerId: string },
) {
  const until = holdWindowEnd(deps.card, now);
  const due = await deps.db
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(
      and(
        inArray(appointments.status, ['pending', 'confirmed']),
        eq(appointments.needsTime, false),
        eq(appointments.paymentNeeded, false),
        sql`${customers.cardPaymentMethodId} is not null`,
        only ? eq(appointments.customerId, only.customerId) : undefined,
        sql`${appointments.appointmentDate} > ${now.toISOString()}::timestamptz`,
        sql`${appointments.appointmentDate} <= ${until.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${paymentAttempts} a where a.appointment_id = ${appointments.id}
              and a.purpose = 'hold' and a.status in ('held', 'captured'))`,
      ),
    )
    .orderBy(asc(appointments.appointmentDate))
    .limit(PER_PASS);
  let placed = 0;
  for (const visit of due) {
    if (await holdVisit(deps, visit.id)) placed += 1;
  }
  return placed;
}

/**
 * One visit's hold: its attempt (a pending one again, or a new one), the call, the answer written.
 * Also the scheduled retry of a declined hold (`card-retries.ts`, decision 058).
 */
export async function holdVisit(deps: CardDeps & Pick<PaymentsDeps, 'business'>, appointmentId: string) {
  const prepared = await deps.jobs.transaction(async ({ db: tx }) => {
    const [visit] = await tx
      .select({
        status: appointments.status,
        stripeCustomer: customers.stripeCustomerId,
        pm: customers.cardPaymentMethodId,
      })
      .from(appointments)
      .innerJoin(customers, eq(customers.id, appointments.customerId))
      .where(eq(appointments.id, appointmentId))
      .for('update', { of: appointments });
    if (!visit?.pm || !visit.stripeCustomer || visit.status === 'cancelled') return null;
    const attempts = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.appointmentId, appointmentId), eq(paymentAttempts.purpose, 'hold')))
      .orderBy(asc(paymentAttempts.attempt));
    if (attempts.some((attempt) => attempt.status === 'held' || attempt.status === 'captured')) return null;
    const cents = await amountToHold(tx, deps.business.brandName, appointmentId);
    if (cents < 50) return null;
    const pending = attempts.find((attempt) => attempt.status === 'pending');
    if (pending) return { attempt: pending, stripeCustomer: visit.stripeCustomer, pm: visit.pm };
    const number = attempts.length + 1;
    const attempt = await newAttempt(tx, appointmentId, 'hold', number, cents);
    return { attempt, stripeCustomer: visit.stripeCustomer, pm: visit.pm };
  });
  if (!prepared) return false;
  const { attempt } = prepared;
  let outcome: { status: 'held' | 'failed'; providerPaymentId: string | null; failureCode: string | null };
  try {
    const intent = await deps.card.stripe.paymentIntents.create(
      {
        amount: attempt.cents,
        currency: 'cad',
        customer: prepared.stripeCustomer,
        payment_method: prepared.pm,
        capture_method: 'manual',
        confirm: true,
        off_session: true,
        metadata: { visit_id: appointmentId, purpose: 'hold', attempt_key: attempt.idempotencyKey },
      },
      { idempotencyKey: attempt.idempotencyKey },
    );
    outcome =
      intent.status === 'requires_capture'
        ? { status: 'held', providerPaymentId: intent.id, failureCode: null }
        : { status: 'failed', providerPaymentId: intent.id, failureCode: intent.status };
  } catch (error) {
    if (!isCardError(error)) throw error;
    outcome = {
      status: 'failed',
      providerPaymentId: error.payment_intent?.id ?? null,
      failureCode: error.code ?? 'card_error',
    };
  }
  await deps.jobs.transaction(async (tx) => {
    if (outcome.status === 'failed') {
      await markFailed(tx, {
        attemptId: attempt.id,
        appointmentId,
        providerPaymentId: outcome.providerPaymentId,
        failureCode: outcome.failureCode ?? 'card_error',
      });
      return;
    }
    // A webhook may have said so first; a release since is never undone.
    await tx.db
      .update(paymentAttempts)
      .set({ ...outcome, updatedAt: new Date() })
      .where(and(eq(paymentAttempts.id, attempt.id), inArray(paymentAttempts.status, ['pending', 'held'])));
  });
  return outcome.status === 'held';
}

/** A card's refusal (402: declined, or the bank wants the customer to confirm), not a fault of ours. */
export function isCardError(error: unknown): error is Stripe.errors.StripeCardError {
  return error instanceof Error && 'type' in error && error.type === 'StripeCardError';
}

/**
 * A cancelled visit's hold is released: each held attempt's PaymentIntent cancelled with the key
 * `visit:<id>:release:<attempt>`, and the attempt marked so. Nothing when it has none.
 */
export async function releaseHolds(deps: CardDeps, appointmentId: string): Promise<void> {
  const held = await deps.db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.appointmentId, appointmentId),
        eq(paymentAttempts.purpose, 'hold'),
        inArray(paymentAttempts.status, [...LIVE]),
      ),
    );
  for (const attempt of held) {
    if (!attempt.providerPaymentId) continue;
    const intent = await deps.card.stripe.paymentIntents.retrieve(attempt.providerPaymentId);
    if (intent.status === 'requires_capture') {
      await deps.card.stripe.paymentIntents.cancel(
        intent.id,
        {},
        { idempotencyKey: `visit:${appointmentId}:release:${attempt.attempt}` },
      );
    }
    await deps.db
      .update(paymentAttempts)
      .set({ status: 'canceled', updatedAt: new Date() })
      .where(eq(paymentAttempts.id, attempt.id));
  }
}

// ---- the capture when the visit is done ----

type SettleDeps = PaymentsDeps & { card: StripeCard };

/**
 * A completed visit is charged (called right after the status change commits, and by the holds pass for
 * any visit a crash left in between): its hold captured for what the visit owes now, at most the hold,
 * with the key `visit:<id>:capture:<attempt>`; the ledger's payment row (the same key), its receipt and
 * the attempt marked captured commit together. If the visit owes more than the hold (extras added on
 * site), a second off-session charge for the rest (`visit:<id>:charge:<n>`). Each step reads Stripe's
 * PaymentIntent first, so a step done at Stripe before a crash is recorded, never done twice.
 */
export async function settleCompletedVisit(deps: SettleDeps, appointmentId: string): Promise<void> {
  const [visit] = await deps.db
    .select({ status: appointments.status })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (visit?.status !== 'completed') return;
  const [hold] = await deps.db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.appointmentId, appointmentId),
        eq(paymentAttempts.purpose, 'hold'),
        eq(paymentAttempts.status, 'held'),
      ),
    );
  if (hold?.providerPaymentId)
    await captureHold(deps, appointmentId, { ...hold, providerPaymentId: hold.providerPaymentId });
  await chargeRest(deps, appointmentId);
}

async function captureHold(
  deps: SettleDeps,
  appointmentId: string,
  hold: { id: string; attempt: number; cents: number; providerPaymentId: string },
): Promise<void> {
  const { stripe } = deps.card;
  const owed = await amountToHold(deps.db, deps.business.brandName, appointmentId);
  let intent = await stripe.paymentIntents.retrieve(hold.providerPaymentId);
  if (intent.status === 'requires_capture') {
    if (owed <= 0) {
      // Nothing owed (paid by hand, or a credit): the hold is released.
      await stripe.paymentIntents.cancel(
        intent.id,
        {},
        { idempotencyKey: `visit:${appointmentId}:release:${hold.attempt}` },
      );
      await deps.db
        .update(paymentAttempts)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(eq(paymentAttempts.id, hold.id));
      return;
    }
    intent = await stripe.paymentIntents.capture(
      intent.id,
      { amount_to_capture: Math.min(owed, hold.cents) },
      { idempotencyKey: `visit:${appointmentId}:capture:${hold.attempt}` },
    );
  }
  if (intent.status !== 'succeeded') {
    // Lapsed or cancelled at Stripe: no money; the visit needs a payment.
    await deps.db.transaction(async (tx) => {
      await tx
        .update(paymentAttempts)
        .set({ status: intent.status === 'canceled' ? 'canceled' : 'failed', updatedAt: new Date() })
        .where(eq(paymentAttempts.id, hold.id));
      await tx.update(appointments).set({ paymentNeeded: true }).where(eq(appointments.id, appointmentId));
    });
    return;
  }
  await recordCardPayment(
    deps,
    appointmentId,
    {
      cents: intent.amount_received,
      idempotencyKey: `visit:${appointmentId}:capture:${hold.attempt}`,
      providerPaymentId: intent.id,
    },
    async (tx) => {
      await tx.db
        .update(paymentAttempts)
        .set({ status: 'captured', updatedAt: new Date() })
        .where(eq(paymentAttempts.id, hold.id));
    },
  );
}

/** What the visit still owes after its capture, charged off session (a second PaymentIntent). */
async function chargeRest(deps: SettleDeps, appointmentId: string): Promise<void> {
  const prepared = await deps.jobs.transaction(async ({ db: tx }) => {
    const [visit] = await tx
      .select({
        stripeCustomer: customers.stripeCustomerId,
        pm: customers.cardPaymentMethodId,
        paymentNeeded: appointments.paymentNeeded,
      })
      .from(appointments)
      .innerJoin(customers, eq(customers.id, appointments.customerId))
      .where(eq(appointments.id, appointmentId))
      .for('update', { of: appointments });
    if (!visit?.pm || !visit.stripeCustomer || visit.paymentNeeded) return null;
    const attempts = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.appointmentId, appointmentId))
      .orderBy(asc(paymentAttempts.attempt));
    // Only after a captured hold; a charge under way is sent again with its key.
    if (!attempts.some((a) => a.purpose === 'hold' && a.status === 'captured')) return null;
    const charges = attempts.filter((a) => a.purpose === 'charge');
    const pending = charges.find((a) => a.status === 'pending');
    if (pending) return { attempt: pending, stripeCustomer: visit.stripeCustomer, pm: visit.pm };
    const cents = await amountToHold(tx, deps.business.brandName, appointmentId);
    if (cents < 50) return null;
    const number = charges.length + 1;
    const attempt = await newAttempt(tx, appointmentId, 'charge', number, cents);
    return { attempt, stripeCustomer: visit.stripeCustomer, pm: visit.pm };
  });
  if (!prepared) return;
  const { attempt } = prepared;
  try {
    const intent = await deps.card.stripe.paymentIntents.create(
      {
        amount: attempt.cents,
        currency: 'cad',
        customer: prepared.stripeCustomer,
        payment_method: prepared.pm,
        confirm: true,
        off_session: true,
        metadata: { visit_id: appointmentId, purpose: 'charge', attempt_key: attempt.idempotencyKey },
      },
      { idempotencyKey: attempt.idempotencyKey },
    );
    if (intent.status === 'succeeded') {
      await recordCardPayment(
        deps,
        appointmentId,
        {
          cents: intent.amount_received,
          idempotencyKey: attempt.idempotencyKey,
          providerPaymentId: intent.id,
        },
        async (tx) => {
          await tx.db
            .update(paymentAttempts)
            .set({ status: 'captured', providerPaymentId: intent.id, updatedAt: new Date() })
            .where(eq(paymentAttempts.id, attempt.id));
        },
      );
      return;
    }
    const failure = {
      attemptId: attempt.id,
      appointmentId,
      providerPaymentId: intent.id,
      failureCode: intent.status,
    };
    await deps.jobs.transaction((tx) => markFailed(tx, failure));
  } catch (error) {
    if (!isCardError(error)) throw error;
    const failure = {
      attemptId: attempt.id,
      appointmentId,
      providerPaymentId: error.payment_intent?.id ?? null,
      failureCode: error.code ?? 'card_error',
    };
    await deps.jobs.transaction((tx) => markFailed(tx, failure));
  }
}

/**
 * What a status change left to do at Stripe (a crash after its commit, Stripe out of reach): completed
 * visits with a hold not captured or a charge not made, cancelled visits with a hold not released.
 */
export async function settleLeftovers(deps: SettleDeps): Promise<number> {
  const { rows } = await deps.db.execute<{ id: string; status: string }>(sql`
    select distinct a.appointment_id as id, v.status from payment_attempts a
    join appointments v on v.id = a.appointment_id
    where (v.status = 'completed' and (a.status = 'held' or (a.purpose = 'charge' and a.status = 'pending')))
       or (v.status = 'cancelled' and a.status in ('held', 'pending'))
    limit ${PER_PASS}`);
  for (const row of rows) {
    if (row.status === 'cancelled') await releaseHolds(deps, row.id);
    else await settleCompletedVisit(deps, row.id);
  }
  return rows.length;
}

/**
 * After a visit's status change commits (appointments.service): a completed visit is charged, a
 * cancelled one's hold released. A failure here leaves the change made: the holds pass
 * (`settleLeftovers`, every five minutes) does it again, so the request that changed the status never
 * fails because Stripe did.
 */
export async function afterStatusChange(
  deps: Pick<PaymentsDeps, 'db' | 'jobs' | 'provider' | 'business' | 'card'>,
  appointmentId: string,
  status: string,
): Promise<void> {
  const { card } = deps;
  if (!card || (status !== 'completed' && status !== 'cancelled')) return;
  const settle: SettleDeps = { ...deps, card };
  try {
    if (status === 'completed') await settleCompletedVisit(settle, appointmentId);
    else await releaseHolds(settle, appointmentId);
  } catch {
    // Left to the next holds pass (see above).
  }
}
