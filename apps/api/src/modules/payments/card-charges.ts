import { and, eq, sql } from 'drizzle-orm';
import {
  depositCents,
  sumCents,
  taxesOn,
  type AddTipBody,
  type ChargeFeeBody,
  type ServiceDeposit,
  type VisitPayments,
} from '@eclat/shared';
import {
  appointmentServices,
  appointments,
  customers,
  paymentAttempts,
  services,
} from '../../db/schema/index.ts';
import type { Db } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { Transaction } from '../../plugins/jobs.ts';
import { findOwnCustomer, isTheirs } from '../auth/ownership.ts';
import { isCardError, markFailed, newAttempt } from './card.service.ts';
import { awaitsBank } from './card-confirm-rules.ts';
import { paymentsOff } from './payment-provider.ts';
import {
  chargeFee,
  moneyOf,
  provinceOf,
  readTaxSettings,
  recordCardPayment,
  taxesOf,
  visitPaymentsFor,
  type PaymentsDeps,
} from './payments.service.ts';
import { findLedger, findPaidVisit, insertEntry, lockPaidVisit } from './payments.repository.ts';
import type { StripeCard } from './stripe-client.ts';
import { attributeTip, refuseTipUnlessCompleted } from './tips.ts';

/**
 * Charges to the card on file besides the visit's own (issue 29, decision 057): the customer's tip after
 * the visit, and a fee (lockout, late cancellation) the visit owes. Each is one off-session PaymentIntent
 * (automatic capture) made as the hold is (decision 053): the attempt's row with its key
 * `visit:<id>:<tip|fee>:<n>` is committed before the call, so any retry sends the same key and Stripe
 * answers the same PaymentIntent; the ledger's row (the same key), its receipt and the attempt marked
 * captured commit together after Stripe's answer. The attempt remembers the form that asked for it
 * (`request_key`), so the same form sent again never makes a second attempt.
 */

type Caller = Pick<AuthContext, 'userId' | 'email' | 'emailVerified' | 'permissions'>;
type ChargeDeps = PaymentsDeps & { card: StripeCard };
export type Attempt = typeof paymentAttempts.$inferSelect;

export const noCardOnFile = () =>
  new AppError('NO_CARD_ON_FILE', 'No card is kept on file for this customer: save one in the profile.');

export const cardDeclined = () =>
  new AppError('CARD_DECLINED', 'The card was declined or needs to be confirmed: nothing was charged.');

/** A tip the bank wants confirmed (decision 060): nothing charged; its dialog continues on the hosted page. */
export const bankConfirmationNeeded = () =>
  new AppError(
    'BANK_CONFIRMATION_NEEDED',
    'Your bank wants to confirm this tip: nothing was charged; continue on the payment page (POST /appointments/{id}/payment-confirmation with the tip key).',
  );

/**
 * A tip's attempt that was not charged, as its dialog is told: the bank wants it confirmed (it failed
 * asking for that, or its hosted page was opened) or the card declined it.
 */
function refuseUnpaidTip(attempt: Attempt): never {
  if (awaitsBank(attempt)) throw bankConfirmationNeeded();
  throw cardDeclined();
}

/** The customer's Stripe customer and card on file, or null when they keep none. */
async function cardOnFileOf(db: Db, customerId: string) {
  const [row] = await db
    .select({ stripeCustomer: customers.stripeCustomerId, pm: customers.cardPaymentMethodId })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.stripeCustomer && row.pm ? { stripeCustomer: row.stripeCustomer, pm: row.pm } : null;
}

/** The attempt a form asked for before (its request key), or undefined. */
async function attemptOfRequest(db: Db, appointmentId: string, requestKey: string) {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.appointmentId, appointmentId), eq(paymentAttempts.requestKey, requestKey)));
  return attempt;
}

/** The next attempt number of a purpose on a visit (one more than those made). */
export async function nextAttemptNumber(db: Db, appointmentId: string, purpose: 'tip' | 'fee' | 'deposit') {
  const made = await db
    .select({ attempt: paymentAttempts.attempt })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.appointmentId, appointmentId), eq(paymentAttempts.purpose, purpose)));
  return made.reduce((most, row) => Math.max(most, row.attempt), 0) + 1;
}

type Outcome =
  | { status: 'succeeded'; providerPaymentId: string; cents: number }
  | { status: 'failed'; providerPaymentId: string | null; failureCode: string };

/** One off-session charge of an attempt, with its key; a card's refusal is an outcome, not an error. */
async function chargeAttempt(
  deps: ChargeDeps,
  attempt: Attempt,
  card: { stripeCustomer: string; pm: string },
): Promise<Outcome> {
  try {
    const intent = await deps.card.stripe.paymentIntents.create(
      {
        amount: attempt.cents,
        currency: 'cad',
        customer: card.stripeCustomer,
        payment_method: card.pm,
        confirm: true,
        off_session: true,
        metadata: {
          visit_id: attempt.appointmentId,
          purpose: attempt.purpose,
          attempt_key: attempt.idempotencyKey,
        },
      },
      { idempotencyKey: attempt.idempotencyKey },
    );
    return intent.status === 'succeeded'
      ? { status: 'succeeded', providerPaymentId: intent.id, cents: intent.amount_received }
      : { status: 'failed', providerPaymentId: intent.id, failureCode: intent.status };
  } catch (error) {
    if (!isCardError(error)) {
      // No answer we can read (a timeout, the network, Stripe's 5xx): the attempt stays pending with its
      // key, counted, and the holds pass tries it again on a backoff (decision 061).
      await countTransientFailure(deps.db, attempt).catch(() => undefined);
      throw error;
    }
    return {
      status: 'failed',
      providerPaymentId: error.payment_intent?.id ?? null,
      failureCode: error.code ?? 'card_error',
    };
  }
}

/** One more call of the attempt left unanswered (decision 061): counted, and the moment kept for the backoff. */
async function countTransientFailure(db: Db, attempt: Attempt): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ transientFailures: sql`${paymentAttempts.transientFailures} + 1`, updatedAt: new Date() })
    .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')));
}

const markCaptured = (db: Db, attempt: Attempt, providerPaymentId: string) =>
  db
    .update(paymentAttempts)
    .set({ status: 'captured', providerPaymentId, updatedAt: new Date() })
    .where(eq(paymentAttempts.id, attempt.id));

// ---- tips ----

/**
 * `POST /appointments/:id/tips` (the visit's own customer, PAYMENTS=stripe): a tip charged off session to
 * the card on file, attributed to the visit's cleaners, with its receipt. Refused on a cancelled visit or
 * one not completed (`refuseTipUnlessCompleted`), without a card (409 NO_CARD_ON_FILE); a declined card
 * answers 402 CARD_DECLINED and records nothing; a bank that wants the tip confirmed answers 402
 * BANK_CONFIRMATION_NEEDED and records nothing (the dialog continues on the hosted page, decision 060). The dialog's key again: the same attempt, never a second charge.
 */
export async function tipByCard(
  deps: ChargeDeps,
  caller: Caller,
  appointmentId: string,
  body: AddTipBody,
): Promise<VisitPayments> {
  const visit = await findPaidVisit(deps.db, appointmentId);
  if (!visit) throw notFound('Appointment');
  const own = await findOwnCustomer(deps.db, caller);
  if (!isTheirs(own, visit.customerId)) throw forbidden('You can only tip your own visits.');
  const prepared = await deps.jobs.transaction(async ({ db: tx }) => {
    const locked = await lockPaidVisit(tx, appointmentId);
    if (!locked) throw notFound('Appointment');
    const sent = await attemptOfRequest(tx, appointmentId, body.idempotencyKey);
    if (sent && (sent.purpose !== 'tip' || sent.cents !== body.cents)) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This idempotency key was already used for another tip on this visit; nothing was charged.',
      );
    }
    if (sent?.status === 'captured') return { done: true as const };
    if (sent && sent.status !== 'pending') refuseUnpaidTip(sent);
    refuseTipUnlessCompleted(locked);
    const card = await cardOnFileOf(tx, locked.customerId);
    if (!card) throw noCardOnFile();
    const attempt =
      sent ??
      (await newAttempt(
        tx,
        appointmentId,
        'tip',
        await nextAttemptNumber(tx, appointmentId, 'tip'),
        body.cents,
        body.idempotencyKey,
      ));
    return { done: false as const, attempt, card };
  });
  if (prepared.done) return visitPaymentsFor(deps, caller, appointmentId);
  let settled: 'charged' | 'declined';
  try {
    settled = await settleTip(deps, prepared.attempt, prepared.card);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Stripe out of reach: the tip's attempt is kept with its key and tried again by the holds pass.
    throw new AppError(
      'CARD_CHARGE_PENDING',
      'Stripe did not answer in time: the tip is kept and will be charged shortly; do not send it again.',
    );
  }
  if (settled === 'declined') {
    const failed = await attemptOfRequest(deps.db, appointmentId, body.idempotencyKey);
    refuseUnpaidTip(failed ?? prepared.attempt);
  }
  return visitPaymentsFor(deps, caller, appointmentId);
}

/**
 * A tip's attempt charged, and what Stripe answered written: the tip's row, its shares, its receipt and
 * the attempt captured, or the attempt failed alone (a declined tip owes nothing: no "payment needed",
 * no email). Throws when Stripe gave no answer (the attempt stays pending, counted).
 */
async function settleTip(
  deps: ChargeDeps,
  attempt: Attempt,
  card: { stripeCustomer: string; pm: string },
): Promise<'charged' | 'declined'> {
  const outcome = await chargeAttempt(deps, attempt, card);
  if (outcome.status === 'failed') {
    await deps.db
      .update(paymentAttempts)
      .set({
        status: 'failed',
        providerPaymentId: outcome.providerPaymentId,
        failureCode: outcome.failureCode,
        updatedAt: new Date(),
      })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')));
    return 'declined';
  }
  await recordCardTip(deps, attempt, outcome);
  return 'charged';
}

/**
 * The one place a tip paid by card is recorded (off session here, or on the hosted page, decision 060):
 * its ledger row under the attempt's key (so once), its receipt, its shares between the visit's
 * cleaners and the attempt captured, in one transaction.
 */
export async function recordCardTip(
  deps: PaymentsDeps,
  attempt: Attempt,
  paid: { providerPaymentId: string; cents: number },
): Promise<void> {
  await recordCardPayment(
    deps,
    attempt.appointmentId,
    {
      kind: 'tip',
      cents: paid.cents,
      idempotencyKey: attempt.idempotencyKey,
      providerPaymentId: paid.providerPaymentId,
    },
    async (tx, entry) => {
      await attributeTip(tx.db, entry);
      await markCaptured(tx.db, attempt, paid.providerPaymentId);
    },
  );
}

/**
 * A pending tip, fee or deposit tried again by the holds pass (decision 061): the same attempt, so the
 * same Stripe key, on the card on file now. With no card on file left it is left to the caller.
 * Throws when Stripe again gave no answer.
 */
export async function retryCharge(
  deps: ChargeDeps,
  attempt: Attempt,
): Promise<'charged' | 'declined' | 'no-card'> {
  const [visit] = await deps.db
    .select({ customerId: appointments.customerId })
    .from(appointments)
    .where(eq(appointments.id, attempt.appointmentId));
  const card = visit ? await cardOnFileOf(deps.db, visit.customerId) : null;
  if (!card) return 'no-card';
  if (attempt.purpose === 'tip') return settleTip(deps, attempt, card);
  return settleCharge(deps, attempt, card);
}

// ---- fees ----

/**
 * A fee the visit owes (its ledger row written: the office's lockout fee, a customer's late cancel)
 * charged to the card on file (PAYMENTS=stripe): the fee and its taxes, at most what the visit owes, off
 * session with the key `visit:<id>:fee:<n>`; a payment row and its receipt after Stripe's answer. A
 * declined card leaves the fee owed, the visit "payment needed" and the customer emailed, as a declined
 * hold does. Without a card on file the fee stays owed. `requestKey` is the fee row's key: the same fee
 * never makes two attempts. Never throws for the card's refusal: the fee itself is recorded.
 */
export async function chargeFeeToCard(
  deps: ChargeDeps,
  appointmentId: string,
  fee: { cents: number; requestKey: string },
): Promise<void> {
  const prepared = await deps.jobs.transaction(async ({ db: tx }) => {
    const visit = await lockPaidVisit(tx, appointmentId);
    if (!visit) return null;
    const sent = await attemptOfRequest(tx, appointmentId, fee.requestKey);
    if (sent && sent.status !== 'pending') return null;
    const card = await cardOnFileOf(tx, visit.customerId);
    if (!card) return null;
    if (sent) return { attempt: sent, card };
    const settings = await readTaxSettings(tx, deps.business.brandName);
    const { money } = moneyOf(visit, settings, await findLedger(tx, appointmentId));
    const rates = taxesOf(settings, provinceOf(visit.postalCode, settings));
    const withTaxes = fee.cents + sumCents(taxesOn(fee.cents, rates));
    const cents = Math.min(money.owedCents, withTaxes);
    if (cents < 50) return null;
    const number = await nextAttemptNumber(tx, appointmentId, 'fee');
    const attempt = await newAttempt(tx, appointmentId, 'fee', number, cents, fee.requestKey);
    return { attempt, card };
  });
  if (!prepared) return;
  await settleCharge(deps, prepared.attempt, prepared.card);
}

/**
 * A charge the visit owes (a fee, a deposit) made, and what Stripe answered written: a payment row and its
 * receipt, or the attempt failed and the visit "payment needed" (`markFailed`, the customer emailed).
 */
async function settleCharge(
  deps: ChargeDeps,
  attempt: Attempt,
  card: { stripeCustomer: string; pm: string },
): Promise<'charged' | 'declined'> {
  const { appointmentId } = attempt;
  const outcome = await chargeAttempt(deps, attempt, card);
  if (outcome.status === 'failed') {
    await deps.jobs.transaction((tx) =>
      markFailed(tx, {
        attemptId: attempt.id,
        appointmentId,
        providerPaymentId: outcome.providerPaymentId,
        failureCode: outcome.failureCode,
      }),
    );
    return 'declined';
  }
  await recordCardPayment(
    deps,
    appointmentId,
    {
      cents: outcome.cents,
      idempotencyKey: attempt.idempotencyKey,
      providerPaymentId: outcome.providerPaymentId,
    },
    (tx) => markCaptured(tx.db, attempt, outcome.providerPaymentId).then(() => undefined),
  );
  return 'charged';
}

/**
 * `POST /appointments/:id/fees` (admin): the fee recorded (`chargeFee`), then with PAYMENTS=stripe
 * charged to the card on file (`chargeFeeToCard`, keyed by the form's key). Stripe out of reach: 503,
 * the fee recorded and its attempt kept, so the same form sent again charges it once.
 */
export async function chargeFeeWithCard(
  deps: PaymentsDeps,
  caller: Caller,
  appointmentId: string,
  body: ChargeFeeBody,
): Promise<VisitPayments> {
  const recorded = await chargeFee(deps, caller, appointmentId, body);
  const { card } = deps;
  if (!card) return recorded;
  try {
    await chargeFeeToCard({ ...deps, card }, appointmentId, {
      cents: body.cents,
      requestKey: body.idempotencyKey,
    });
  } catch {
    throw new AppError(
      'CARD_CHARGE_PENDING',
      'Stripe did not answer in time: the fee is kept and will be charged shortly; do not send it again.',
    );
  }
  return visitPaymentsFor(deps, caller, appointmentId);
}

/** A late-cancellation fee written with the customer's cancel, to be charged once it commits. */
export type LateFee = { appointmentId: string; cents: number; requestKey: string };

/**
 * A customer's cancel inside the cut-off with the owner's policy "fee" (decision 057): the fee's ledger
 * row, in the cancel's transaction (the visit's row is locked by it), so the visit is never cancelled
 * without its fee nor the fee written for a cancel that rolled back. Its key names the fee for its charge.
 */
export async function recordLateCancellationFee(
  tx: Transaction,
  appointmentId: string,
  cents: number,
  userId: string,
): Promise<LateFee> {
  const requestKey = `late-cancellation:${crypto.randomUUID()}`;
  await insertEntry(tx.db, {
    appointmentId,
    kind: 'fee',
    cents,
    feeKind: 'late_cancellation',
    recordedByUserId: userId,
    idempotencyKey: requestKey,
  });
  return { appointmentId, cents, requestKey };
}

/**
 * After the cancel commits, with PAYMENTS=stripe: the late-cancellation fee charged to the card on file.
 * Stripe out of reach leaves the fee owed (the office's list of what is owed shows it); the customer's
 * cancel has happened and does not fail for it.
 */
export async function chargeLateFeeToCard(deps: PaymentsDeps, fee: LateFee): Promise<void> {
  const { card } = deps;
  if (!card) return;
  try {
    await chargeFeeToCard({ ...deps, card }, fee.appointmentId, fee);
  } catch {
    // Owed, and shown so; see above.
  }
}

// ---- deposits ----

/** `GET /admin/services/{id}/deposit`: the service's deposit rule, or null (404 for no such service). */
export async function serviceDepositOf(deps: PaymentsDeps, serviceId: string): Promise<ServiceDeposit> {
  if (deps.provider.mode === 'off') throw paymentsOff();
  const [row] = await deps.db
    .select({ deposit: services.depositRule })
    .from(services)
    .where(eq(services.id, serviceId));
  if (!row) throw notFound('Service');
  return { deposit: row.deposit ?? null };
}

/** `PUT /admin/services/{id}/deposit` (admin): the deposit bookings of this service take, or none. */
export async function saveServiceDeposit(
  deps: PaymentsDeps,
  serviceId: string,
  body: ServiceDeposit,
): Promise<ServiceDeposit> {
  if (deps.provider.mode === 'off') throw paymentsOff();
  const saved = await deps.db
    .update(services)
    .set({ depositRule: body.deposit, updatedAt: new Date() })
    .where(eq(services.id, serviceId))
    .returning({ deposit: services.depositRule });
  if (saved.length === 0) throw notFound('Service');
  return { deposit: saved[0]?.deposit ?? null };
}

/** The request key of a visit's deposit: one per visit. */
const DEPOSIT = 'deposit';

/**
 * After a customer's booking commits, with PAYMENTS=stripe (decision 057): the deposit its services ask
 * for (the largest of their rules, on the visit's total with taxes, at most what it owes) charged off
 * session to the card on file, key `visit:<id>:deposit:<n>`, a card payment row and its receipt after
 * Stripe's answer. No card on file, or no rule: nothing (the hold before the visit takes it all). A
 * declined card marks the visit "payment needed" and emails the customer, as a declined hold does; the
 * booking stands. A visit's deposit is asked once (its request key): a booking sent again charges nothing.
 */
export async function takeDeposit(deps: PaymentsDeps, appointmentId: string): Promise<void> {
  const { card } = deps;
  if (!card) return;
  const charge = { ...deps, card };
  const prepared = await deps.jobs.transaction(async ({ db: tx }) => {
    const visit = await lockPaidVisit(tx, appointmentId);
    if (!visit || visit.status === 'cancelled') return null;
    const sent = await attemptOfRequest(tx, appointmentId, DEPOSIT);
    if (sent && sent.status !== 'pending') return null;
    const onFile = await cardOnFileOf(tx, visit.customerId);
    if (!onFile) return null;
    if (sent) return { attempt: sent, card: onFile };
    const rules = await tx
      .select({ rule: services.depositRule })
      .from(appointmentServices)
      .innerJoin(services, eq(services.id, appointmentServices.serviceId))
      .where(eq(appointmentServices.appointmentId, appointmentId));
    const settings = await readTaxSettings(tx, deps.business.brandName);
    const { money } = moneyOf(visit, settings, await findLedger(tx, appointmentId));
    const asked = Math.max(0, ...rules.map(({ rule }) => depositCents(rule, money.totalCents)));
    const cents = Math.min(asked, money.owedCents);
    if (cents < 50) return null;
    const number = await nextAttemptNumber(tx, appointmentId, 'deposit');
    const attempt = await newAttempt(tx, appointmentId, 'deposit', number, cents, DEPOSIT);
    return { attempt, card: onFile };
  });
  if (!prepared) return;
  try {
    await settleCharge(charge, prepared.attempt, prepared.card);
  } catch {
    // Stripe out of reach: the booking stands, its deposit attempt pending; the booking sent again (its
    // key) charges it with the same key, and the hold before the visit takes what is owed in any case.
  }
}
