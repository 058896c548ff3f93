import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { CONFIRMABLE_PURPOSES, type PaymentConfirmation, type PaymentConfirmationDone } from '@eclat/shared';
import { appointments, customers, paymentAttempts } from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { findOwnCustomer, isTheirs } from '../auth/ownership.ts';
import { nextAttemptNumber, recordCardTip } from './card-charges.ts';
import { recordCardPayment, type PaymentsDeps } from './payments.service.ts';
import type { StripeCard } from './stripe-client.ts';
import { awaitsBank, CONFIRMATION_CODES, isConfirmable, needsConfirmation } from './card-confirm-rules.ts';

/**
 * A payment the customer's bank wants them to confirm (issue 29 §1 and §4, decision 060). The hold, the
 * second charge, a fee or a deposit is made off session on the card on file; when Stripe answers
 * `authentication_required` (SCA: the bank wants the cardholder present), the attempt fails with that code,
 * the visit is "payment needed" and the customer's email says so (`markFailed`). Here the customer, signed
 * in, opens Stripe's hosted Checkout page in payment mode for that exact amount and purpose: a new attempt
 * (`visit:<id>:<purpose>:<n+1>`, status `confirming`, committed before the call) whose key the session's
 * PaymentIntent carries in its metadata. The session's completion (its webhook, or the customer's return)
 * records the result once: a hold becomes `held` (captured at completion like every hold), a payment writes
 * its ledger row under the attempt's key with its receipt. Off-session retries skip a visit waiting for
 * this (`card-retries.ts`): the bank would say the same.
 */

type Caller = Pick<AuthContext, 'userId' | 'email' | 'emailVerified'>;
export type ConfirmDeps = PaymentsDeps & { card: StripeCard };
type Purpose = (typeof CONFIRMABLE_PURPOSES)[number];
type Attempt = typeof paymentAttempts.$inferSelect;

/** The visit statuses in which each purpose may still be paid: a hold only before the visit. */
const OPEN_FOR: Record<Purpose, readonly string[]> = {
  hold: ['pending', 'confirmed'],
  charge: ['completed'],
  fee: ['pending', 'confirmed', 'completed', 'cancelled'],
  deposit: ['pending', 'confirmed', 'completed'],
  tip: [],
};

/**
 * The tip a dialog asked for (its key) that waits for the customer's bank, on a visit still completed,
 * or null. The key moves to each new attempt made for it, so it always names the latest.
 */
async function tipToConfirm(db: Db, appointmentId: string, tipKey: string): Promise<Attempt | null> {
  const [found] = await db
    .select({ attempt: paymentAttempts, status: appointments.status })
    .from(paymentAttempts)
    .innerJoin(appointments, eq(appointments.id, paymentAttempts.appointmentId))
    .where(
      and(
        eq(paymentAttempts.appointmentId, appointmentId),
        eq(paymentAttempts.requestKey, tipKey),
        eq(paymentAttempts.purpose, 'tip'),
      ),
    );
  if (found?.status !== 'completed' || !awaitsBank(found.attempt)) return null;
  return found.attempt;
}

/** What the hosted page says the customer pays for, in the visit's language. */
const LINE_NAME: Record<'en' | 'fr', Record<Purpose, (brand: string) => string>> = {
  en: {
    hold: (brand) => `${brand}: amount held for your cleaning`,
    charge: (brand) => `${brand}: the rest of your cleaning`,
    fee: (brand) => `${brand}: fee`,
    deposit: (brand) => `${brand}: deposit for your cleaning`,
    tip: (brand) => `${brand}: tip for your cleaners`,
  },
  fr: {
    hold: (brand) => `${brand} : montant réservé pour votre ménage`,
    charge: (brand) => `${brand} : solde de votre ménage`,
    fee: (brand) => `${brand} : frais`,
    deposit: (brand) => `${brand} : acompte pour votre ménage`,
    tip: (brand) => `${brand} : pourboire pour votre équipe de ménage`,
  },
};

/**
 * The visit's attempt waiting for the customer's confirmation, or null: its last failed attempt of a
 * confirmable purpose whose code asks for confirmation, no later attempt of that purpose made since, on
 * a visit still "payment needed" whose status lets that purpose be paid.
 */
async function attemptToConfirm(db: Db, appointmentId: string): Promise<Attempt | null> {
  const [visit] = await db
    .select({ id: appointments.id, status: appointments.status, paymentNeeded: appointments.paymentNeeded })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!visit?.paymentNeeded) return null;
  return pickAttemptToConfirm(visit.status, await confirmableAttemptsOf(db, [visit.id]));
}

/** The attempts of a confirmable purpose of these visits, newest first (one query for them all). */
function confirmableAttemptsOf(db: Db, appointmentIds: readonly string[]) {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        inArray(paymentAttempts.appointmentId, [...appointmentIds]),
        inArray(paymentAttempts.purpose, [...CONFIRMABLE_PURPOSES]),
      ),
    )
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.attempt));
}

/** Of one "payment needed" visit's confirmable attempts (newest first), the one waiting for the bank. */
function pickAttemptToConfirm(status: string, attempts: readonly Attempt[]): Attempt | null {
  const latestOf = new Map<string, Attempt>();
  for (const attempt of attempts) {
    const seen = latestOf.get(attempt.purpose);
    if (!seen || attempt.attempt > seen.attempt) latestOf.set(attempt.purpose, attempt);
  }
  for (const attempt of attempts) {
    if (latestOf.get(attempt.purpose) !== attempt) continue;
    if (!isConfirmable(attempt.purpose) || !OPEN_FOR[attempt.purpose].includes(status)) continue;
    if (attempt.status === 'confirming') return attempt;
    if (attempt.status === 'failed' && needsConfirmation(attempt.failureCode)) return attempt;
  }
  return null;
}

/** The customer's own visit, or 404 (none) / 403 (another customer's). */
async function ownVisit(deps: ConfirmDeps, caller: Caller, appointmentId: string) {
  const [visit] = await deps.db
    .select({ customerId: appointments.customerId, locale: appointments.locale })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!visit) throw notFound('Appointment');
  const own = await findOwnCustomer(deps.db, caller);
  if (!isTheirs(own, visit.customerId)) throw forbidden('You can only pay for your own visits.');
  return visit;
}

/** `GET /payments/confirmations`: the signed-in customer's visits whose payment waits for their bank. */
export async function confirmationsOf(deps: ConfirmDeps, caller: Caller): Promise<PaymentConfirmation[]> {
  const own = await findOwnCustomer(deps.db, caller);
  if (!own) return [];
  const marked = await deps.db
    .select({ id: appointments.id, status: appointments.status })
    .from(appointments)
    .where(and(eq(appointments.customerId, own.id), eq(appointments.paymentNeeded, true)))
    .orderBy(appointments.appointmentDate)
    .limit(100);
  if (marked.length === 0) return [];
  const attempts = await confirmableAttemptsOf(
    deps.db,
    marked.map((visit) => visit.id),
  );
  const out: PaymentConfirmation[] = [];
  for (const visit of marked) {
    const ofVisit = attempts.filter((attempt) => attempt.appointmentId === visit.id);
    const attempt = pickAttemptToConfirm(visit.status, ofVisit);
    if (attempt && isConfirmable(attempt.purpose))
      out.push({ appointmentId: visit.id, purpose: attempt.purpose, cents: attempt.cents });
  }
  return out;
}

/** Stripe out of reach or failing while the customer waits: 503, try again (our own refusals pass through). */
async function atStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('SERVICE_UNAVAILABLE', 'The payment page is not available now; try again.');
  }
}

export const nothingToConfirm = () =>
  new AppError('NOTHING_TO_CONFIRM', 'No payment of this visit is waiting for your confirmation.');

/**
 * `POST /appointments/:id/payment-confirmation` (the visit's own customer): the hosted page in payment
 * mode for what the bank wants confirmed. The attempt (`confirming`) is committed first; the session is
 * made with the key `<attempt key>:checkout`, so a second press, or a press after a crash, gets the same
 * page. A page that expired unpaid is replaced by a new attempt. With `tipKey`: the tip its dialog asked
 * for (402 BANK_CONFIRMATION_NEEDED), whose key moves to the new attempt (the dialog's key again then
 * finds it: paid, or still waiting for the bank).
 */
export async function startConfirmation(
  deps: ConfirmDeps,
  caller: Caller,
  appointmentId: string,
  tipKey?: string,
): Promise<{ url: string }> {
  const visit = await ownVisit(deps, caller, appointmentId);
  for (let tries = 0; tries < 2; tries++) {
    const attempt = await deps.jobs.transaction(async ({ db: tx }) => {
      await tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(eq(appointments.id, appointmentId))
        .for('update');
      const found = tipKey
        ? await tipToConfirm(tx, appointmentId, tipKey)
        : await attemptToConfirm(tx, appointmentId);
      if (!found || !isConfirmable(found.purpose)) throw nothingToConfirm();
      if (found.status === 'confirming') return found;
      // A tip's attempts are numbered among all the visit's tips (one per dialog); its key moves along.
      const number =
        found.purpose === 'tip' ? await nextAttemptNumber(tx, appointmentId, 'tip') : found.attempt + 1;
      if (tipKey)
        await tx.update(paymentAttempts).set({ requestKey: null }).where(eq(paymentAttempts.id, found.id));
      const [made] = await tx
        .insert(paymentAttempts)
        .values({
          appointmentId,
          purpose: found.purpose,
          attempt: number,
          idempotencyKey: `visit:${appointmentId}:${found.purpose}:${number}`,
          cents: found.cents,
          status: 'confirming',
          requestKey: tipKey ?? null,
        })
        .returning();
      if (!made) throw new Error('The payment attempt was not written');
      return made;
    });
    const locale = visit.locale === 'fr' ? 'fr' : 'en';
    const session = await atStripe(() => sessionOf(deps, attempt, visit.customerId, locale));
    if (session.status === 'open' && session.url) return { url: session.url };
    if (session.status === 'complete') {
      await atStripe(() => settleConfirmation(deps, session.id));
      throw nothingToConfirm();
    }
    // Expired unpaid (Stripe's pages last 24 h): this attempt is over, still waiting for the bank's
    // confirmation, so it stays the one to confirm; the next loop makes a new one (and a new page), and
    // the off-session retries keep skipping the visit.
    await deps.db
      .update(paymentAttempts)
      .set({ status: 'failed', failureCode: CONFIRMATION_CODES[0], updatedAt: new Date() })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'confirming')));
  }
  throw new AppError('SERVICE_UNAVAILABLE', 'The payment page is not available; try again.');
}

/** The attempt's Checkout session: the one it has, or one made now with its key. */
async function sessionOf(
  deps: ConfirmDeps,
  attempt: Attempt,
  customerId: string,
  locale: 'en' | 'fr',
): Promise<Stripe.Checkout.Session> {
  const { stripe, publicUrl } = deps.card;
  if (attempt.checkoutSessionId) return stripe.checkout.sessions.retrieve(attempt.checkoutSessionId);
  if (!isConfirmable(attempt.purpose)) throw nothingToConfirm();
  const [customer] = await deps.db
    .select({ stripeCustomer: customers.stripeCustomerId })
    .from(customers)
    .where(eq(customers.id, customerId));
  const metadata = {
    visit_id: attempt.appointmentId,
    purpose: attempt.purpose,
    attempt_key: attempt.idempotencyKey,
  };
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      ...(customer?.stripeCustomer ? { customer: customer.stripeCustomer } : {}),
      locale,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'cad',
            unit_amount: attempt.cents,
            product_data: { name: LINE_NAME[locale][attempt.purpose](deps.business.brandName) },
          },
        },
      ],
      // A hold stays a hold (captured when the visit is completed); the rest is paid at once.
      payment_intent_data: {
        capture_method: attempt.purpose === 'hold' ? 'manual' : 'automatic',
        metadata,
      },
      metadata,
      success_url: `${publicUrl}/my-appointments?payment=confirmed&session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${publicUrl}/my-appointments?payment=cancelled`,
    },
    { idempotencyKey: `${attempt.idempotencyKey}:checkout` },
  );
  await deps.db
    .update(paymentAttempts)
    .set({ checkoutSessionId: session.id, updatedAt: new Date() })
    .where(eq(paymentAttempts.id, attempt.id));
  return session;
}

/**
 * A payment-mode session's result recorded, once, whoever comes first (the `checkout.session.completed`
 * webhook or the customer's return): the session and its PaymentIntent are read from Stripe, never from
 * the event; the attempt is the one the PaymentIntent's metadata names, still `confirming` (else it is
 * done already). A hold: the attempt `held` with Stripe's id, the visit no longer "payment needed" (on a
 * visit cancelled meanwhile the holds pass releases it, as every hold). A payment: its ledger row under the
 * attempt's key, its receipt, the attempt captured, in one transaction (`recordCardPayment`: the key makes
 * it once). Returns the attempt's outcome, or null for a session that is not one of ours.
 */
export async function settleConfirmation(
  deps: ConfirmDeps,
  sessionId: string,
): Promise<PaymentConfirmationDone | null> {
  const session = await deps.card.stripe.checkout.sessions.retrieve(sessionId, {
    expand: ['payment_intent'],
  });
  const key = session.metadata?.attempt_key;
  if (session.mode !== 'payment' || !key) return null;
  const [attempt] = await deps.db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.idempotencyKey, key), eq(paymentAttempts.checkoutSessionId, session.id)));
  if (!attempt || !isConfirmable(attempt.purpose)) return null;
  const done = { appointmentId: attempt.appointmentId, purpose: attempt.purpose, cents: attempt.cents };
  const intent = session.payment_intent;
  if (session.status !== 'complete' || typeof intent !== 'object' || intent === null)
    return { ...done, status: 'open' };
  if (intent.metadata.attempt_key !== key) return null;
  if (attempt.status !== 'confirming') return { ...done, status: 'confirmed' };
  if (attempt.purpose === 'tip') {
    // A tip owes nothing and marks nothing: recorded as every card tip is (its shares, its receipt), once.
    if (intent.status !== 'succeeded') return { ...done, status: 'open' };
    await recordCardTip(deps, attempt, { providerPaymentId: intent.id, cents: intent.amount_received });
    return { ...done, status: 'confirmed' };
  }
  if (attempt.purpose === 'hold') {
    if (intent.status !== 'requires_capture') return { ...done, status: 'open' };
    await deps.jobs.transaction(async ({ db: tx }) => {
      const changed = await tx
        .update(paymentAttempts)
        .set({ status: 'held', providerPaymentId: intent.id, updatedAt: new Date() })
        .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'confirming')))
        .returning({ id: paymentAttempts.id });
      if (changed.length > 0) await clearMarkUnlessOther(tx, attempt.appointmentId);
    });
    return { ...done, status: 'confirmed' };
  }
  if (intent.status !== 'succeeded') return { ...done, status: 'open' };
  await recordCardPayment(
    deps,
    attempt.appointmentId,
    { cents: intent.amount_received, idempotencyKey: attempt.idempotencyKey, providerPaymentId: intent.id },
    async (tx) => {
      await tx.db
        .update(paymentAttempts)
        .set({ status: 'captured', providerPaymentId: intent.id, updatedAt: new Date() })
        .where(eq(paymentAttempts.id, attempt.id));
      await clearMarkUnlessOther(tx.db, attempt.appointmentId);
    },
  );
  return { ...done, status: 'confirmed' };
}

/** The visit is no longer "payment needed", unless another of its payments still waits for the bank. */
async function clearMarkUnlessOther(db: Db, appointmentId: string): Promise<void> {
  if (await attemptToConfirm(db, appointmentId)) return;
  await db
    .update(appointments)
    .set({ paymentNeeded: false })
    .where(and(eq(appointments.id, appointmentId), sql`${appointments.paymentNeeded}`));
}

/** `POST /payments/confirmation/done`: the customer is back from the hosted page (the webhook does the same). */
export async function finishConfirmation(
  deps: ConfirmDeps,
  caller: Caller,
  sessionId: string,
): Promise<PaymentConfirmationDone> {
  const own = await findOwnCustomer(deps.db, caller);
  const [attempt] = await deps.db
    .select({ appointmentId: paymentAttempts.appointmentId, customerId: appointments.customerId })
    .from(paymentAttempts)
    .innerJoin(appointments, eq(appointments.id, paymentAttempts.appointmentId))
    .where(eq(paymentAttempts.checkoutSessionId, sessionId));
  // Another customer's session is not told apart from none.
  if (!attempt || own?.id !== attempt.customerId) throw notFound('Payment page');
  const done = await atStripe(() => settleConfirmation(deps, sessionId));
  if (!done) throw notFound('Payment page');
  return done;
}

/**
 * The reconciliation's part (decision 058): attempts still `confirming` among `keys` (the attempt keys of
 * Stripe's PaymentIntents) whose page was paid are recorded as the webhook or the return would have
 * (both lost: Stripe stopped retrying, the customer closed the tab). Returns how many were recorded.
 */
export async function finishLostConfirmations(deps: ConfirmDeps, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const waiting = await deps.db
    .select({ sessionId: paymentAttempts.checkoutSessionId })
    .from(paymentAttempts)
    .where(and(inArray(paymentAttempts.idempotencyKey, [...keys]), eq(paymentAttempts.status, 'confirming')));
  let recorded = 0;
  for (const { sessionId } of waiting) {
    if (!sessionId) continue;
    const done = await settleConfirmation(deps, sessionId);
    if (done?.status === 'confirmed') recorded += 1;
  }
  return recorded;
}
