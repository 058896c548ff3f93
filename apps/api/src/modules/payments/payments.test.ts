import { describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  addDays,
  appointmentSchema,
  appointmentsPageSchema,
  errorBodySchema,
  listedAppointmentSchema,
  paymentsPolicySchema,
  taxSettingsSchema,
  visitPaymentsSchema,
  type VisitPayments,
} from '@eclat/shared';
import { paymentLedger, receipts } from '../../db/schema/index.ts';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import { call, makeCustomer, makeService, signedIn, type Headers } from '../../../test/factories.ts';

const TZ = 'America/Toronto';
const TORONTO = { street: '100 Queen Street West', city: 'Toronto', postalCode: 'M5H 2N2' };
const MONTREAL = { street: '1250 Rue Sainte Catherine', city: 'Montréal', postalCode: 'H2Y 1C6' };

let app: TestApp;
useTestApp(
  (built) => {
    app = built;
  },
  { PAYMENTS: 'manual' },
);
/** The same product with payments off (the default): the spec's flow. */
let offApp: TestApp;
useTestApp((built) => {
  offApp = built;
});

const codeOf = (res: { json: () => unknown }) => errorBodySchema.parse(res.json()).code;
let keys = 0;
const key = () => `test-key-${(keys += 1)}-${Date.now()}`;
let days = 2;

/** A visit the admin adds for a customer at a place: $100 (a flat service), confirmed, a new day each. */
async function visitAt(
  target: TestApp,
  place: typeof TORONTO,
  customer?: { customerId: string },
  extra: { locale?: 'en' | 'fr' } = {},
): Promise<{ appointmentId: string; customerId: string }> {
  const admin = await signedIn(target, ['admin']);
  const serviceId = await makeService(target);
  const owner = customer ?? (await makeCustomer(target, { postalCode: place.postalCode }));
  days += 1;
  const res = await call(target, 'POST', '/appointments', admin.headers, {
    customerId: owner.customerId,
    serviceIds: [serviceId],
    appointmentDate: fromLocal(addDays(todayIn(TZ), days), 10, 0, TZ).toISOString(),
    status: 'confirmed',
    place,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { appointmentId: appointmentSchema.parse(res.json()).appointmentId, customerId: owner.customerId };
}

/**
 * The visit has happened: moved a year back (the API books no past time) with this status, so a tip
 * (completed) or a lockout fee (its time has come) may be recorded on it (decision 054).
 */
async function happened(appointmentId: string, status: 'completed' | 'confirmed' = 'completed') {
  await app.db.execute(sql`update appointments set status = ${status},
    appointment_date = appointment_date - interval '1 year', ends_at = ends_at - interval '1 year'
    where id = ${appointmentId}`);
}

function paymentsOf(res: { statusCode: number; body: string; json: () => unknown }, status = 201) {
  expect(res.statusCode, res.body).toBe(status);
  return visitPaymentsSchema.parse(res.json());
}

const pay = (headers: Headers, appointmentId: string, body: object) =>
  call(app, 'POST', `/appointments/${appointmentId}/payments`, headers, {
    kind: 'payment',
    method: 'cash',
    idempotencyKey: key(),
    ...body,
  });
const refund = (headers: Headers, appointmentId: string, body: object) =>
  call(app, 'POST', `/appointments/${appointmentId}/refunds`, headers, {
    method: 'cash',
    reason: 'The oven was not done',
    idempotencyKey: key(),
    ...body,
  });
const fee = (headers: Headers, appointmentId: string, body: object) =>
  call(app, 'POST', `/appointments/${appointmentId}/fees`, headers, {
    feeKind: 'lockout',
    idempotencyKey: key(),
    ...body,
  });

/** The emails queued to an address, in order: their template and data. */
async function emailsTo(address: string) {
  const { rows } = await app.db.execute<{
    data: { locale: string; message: { template: string; data: unknown } };
  }>(sql`select data from pgboss.job where name = 'email' and data->>'to' = ${address} order by created_on`);
  return rows.map((row) => ({ locale: row.data.locale, ...row.data.message }));
}

/** The database's message when it refuses a statement (drizzle wraps it as the cause). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    return error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
  }
  return 'not refused';
}

const receiptsOf = (appointmentId: string) =>
  app.db
    .select()
    .from(receipts)
    .where(eq(receipts.appointmentId, appointmentId))
    .orderBy(asc(receipts.number));

describe('the payments policy and PAYMENTS=off', () => {
  it('tells anyone the mode', async () => {
    const manual = await call(app, 'GET', '/settings/payments');
    expect(paymentsPolicySchema.parse(manual.json())).toEqual({ mode: 'manual' });
    const off = await call(offApp, 'GET', '/settings/payments');
    expect(paymentsPolicySchema.parse(off.json())).toEqual({ mode: 'off' });
  });

  it('answers 404 PAYMENTS_OFF on every payment route, and the lists carry no payment', async () => {
    const admin = await signedIn(offApp, ['admin']);
    const { appointmentId } = await visitAt(offApp, TORONTO);
    const url = `/appointments/${appointmentId}`;
    const body = { idempotencyKey: key() };
    const answers = await Promise.all([
      call(offApp, 'GET', `${url}/payments`, admin.headers),
      call(offApp, 'POST', `${url}/payments`, admin.headers, {
        ...body,
        kind: 'payment',
        method: 'cash',
        cents: 100,
      }),
      call(offApp, 'POST', `${url}/fees`, admin.headers, { ...body, feeKind: 'lockout', cents: 100 }),
      call(offApp, 'POST', `${url}/refunds`, admin.headers, {
        ...body,
        method: 'cash',
        cents: 100,
        reason: 'x',
      }),
      call(offApp, 'GET', '/admin/settings/taxes', admin.headers),
      call(offApp, 'GET', `/receipts/${crypto.randomUUID()}.pdf`, admin.headers),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(404);
      expect(codeOf(res)).toBe('PAYMENTS_OFF');
    }
    const page = appointmentsPageSchema.parse(
      (await call(offApp, 'GET', '/appointments/paged?size=50', admin.headers)).json(),
    );
    expect(page.content.length).toBeGreaterThan(0);
    expect(page.content.every((visit) => visit.payment === null)).toBe(true);
    const count = await offApp.db.$count(paymentLedger);
    expect(count).toBe(0);
  });

  it('refuses PAYMENTS=stripe at start without its keys (decision 053)', async () => {
    const { loadConfig, ConfigError } = await import('../../config.ts');
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/PAYMENTS=stripe needs them/);
    expect(loadConfig({ PAYMENTS: 'manual' }).payments).toBe('manual');
    expect(loadConfig({}).payments).toBeUndefined();
  });
});

describe('who may see and write a visit’s payments', () => {
  it('lets the admin and the visit’s own customer read; others get 403, an unknown visit 404', async () => {
    const owner = await makeCustomer(app, { postalCode: TORONTO.postalCode });
    const { appointmentId } = await visitAt(app, TORONTO, owner);
    const admin = await signedIn(app, ['admin']);
    const employee = await signedIn(app, ['employee']);
    const other = await makeCustomer(app);
    const url = `/appointments/${appointmentId}/payments`;

    expect(paymentsOf(await call(app, 'GET', url, admin.headers), 200).appointmentId).toBe(appointmentId);
    expect(paymentsOf(await call(app, 'GET', url, owner.headers), 200).money.state).toBe('unpaid');
    for (const headers of [other.headers, employee.headers]) {
      const res = await call(app, 'GET', url, headers);
      expect(res.statusCode).toBe(403);
    }
    expect((await call(app, 'GET', url)).statusCode).toBe(401);
    const unknown = await call(app, 'GET', `/appointments/${crypto.randomUUID()}/payments`, admin.headers);
    expect(unknown.statusCode).toBe(404);
  });

  it('lets only the admin record payments, fees and refunds (employees and customers 403)', async () => {
    const owner = await makeCustomer(app, { postalCode: TORONTO.postalCode });
    const { appointmentId } = await visitAt(app, TORONTO, owner);
    const employee = await signedIn(app, ['employee']);
    for (const headers of [owner.headers, employee.headers]) {
      expect((await pay(headers, appointmentId, { cents: 100 })).statusCode).toBe(403);
      expect((await fee(headers, appointmentId, { cents: 100 })).statusCode).toBe(403);
      expect((await refund(headers, appointmentId, { cents: 100 })).statusCode).toBe(403);
      expect((await call(app, 'GET', '/admin/settings/taxes', headers)).statusCode).toBe(403);
    }
    expect(await app.db.$count(paymentLedger, eq(paymentLedger.appointmentId, appointmentId))).toBe(0);
  });
});

describe('the office records money (PAYMENTS=manual)', () => {
  it('records a payment in full: paid, with a receipt numbered in the business’s one sequence, emailed', async () => {
    const admin = await signedIn(app, ['admin']);
    const owner = await makeCustomer(app, { postalCode: TORONTO.postalCode });
    const { appointmentId } = await visitAt(app, TORONTO, owner);
    const before = paymentsOf(
      await call(app, 'GET', `/appointments/${appointmentId}/payments`, admin.headers),
      200,
    );
    // $100 in Toronto: HST 13 %.
    expect(before.province).toBe('ON');
    expect(before.money).toMatchObject({ priceCents: 10_000, totalCents: 11_300, owedCents: 11_300 });

    const paid = paymentsOf(
      await pay(admin.headers, appointmentId, { cents: 11_300, method: 'cheque', reference: 'Cheque 204' }),
    );
    expect(paid.money).toMatchObject({ paidCents: 11_300, owedCents: 0, state: 'paid' });
    expect(paid.entries).toEqual([
      expect.objectContaining({
        kind: 'payment',
        cents: 11_300,
        method: 'cheque',
        reference: 'Cheque 204',
        recordedBy: admin.user.email,
      }),
    ]);
    const [receipt] = await receiptsOf(appointmentId);
    expect(receipt).toMatchObject({ kind: 'receipt', ledgerEntryId: paid.entries[0]?.id, locale: 'en' });
    expect(receipt?.document).toMatchObject({
      kind: 'receipt',
      number: `R-${String(receipt?.number).padStart(6, '0')}`,
      baseCents: 10_000,
      taxes: [{ code: 'HST', rate: 13_000, cents: 1_300 }],
      totalCents: 11_300,
      amount: { cents: 11_300, method: 'cheque', reference: 'Cheque 204' },
      owedCents: 0,
      tipCents: 0,
      lines: [{ label: 'Standard Cleaning', cents: 10_000 }],
    });
    // One email to the customer, in the visit's language, carrying the receipt as it was stored.
    expect(await emailsTo(owner.email)).toEqual([
      { locale: 'en', template: 'receipt', data: receipt?.document },
    ]);
  });

  it('refuses a payment above what is owed; a tip is not limited by it', async () => {
    const admin = await signedIn(app, ['admin']);
    const { appointmentId } = await visitAt(app, TORONTO);
    const over = await pay(admin.headers, appointmentId, { cents: 11_301 });
    expect(over.statusCode).toBe(409);
    expect(codeOf(over)).toBe('PAYMENT_ABOVE_OWED');

    paymentsOf(await pay(admin.headers, appointmentId, { cents: 11_300 }));
    await happened(appointmentId);
    const tipped = paymentsOf(await pay(admin.headers, appointmentId, { kind: 'tip', cents: 2_000 }));
    expect(tipped.money).toMatchObject({ paidCents: 11_300, tipsCents: 2_000, owedCents: 0, state: 'paid' });
    const again = await pay(admin.headers, appointmentId, { cents: 1 });
    expect(codeOf(again)).toBe('PAYMENT_ABOVE_OWED');
    const [, tipReceipt] = await receiptsOf(appointmentId);
    expect(tipReceipt?.document).toMatchObject({ amount: { cents: 2_000 }, tipCents: 2_000 });
  });

  it('charges a fee: what is owed grows by it and its tax, with no receipt until it is paid', async () => {
    const admin = await signedIn(app, ['admin']);
    const { appointmentId } = await visitAt(app, TORONTO);
    await happened(appointmentId, 'confirmed');
    paymentsOf(await pay(admin.headers, appointmentId, { cents: 11_300 }));
    const charged = paymentsOf(
      await fee(admin.headers, appointmentId, { cents: 5_000, note: 'Nobody home at 10:00' }),
    );
    // $50 fee + 13 % HST.
    expect(charged.money).toMatchObject({ feesCents: 5_000, totalCents: 16_950, owedCents: 5_650 });
    expect(charged.money.state).toBe('partly_paid');
    expect(charged.entries.at(-1)).toMatchObject({ kind: 'fee', feeKind: 'lockout', method: null });
    expect(await receiptsOf(appointmentId)).toHaveLength(1);
    // A second lockout: $10 + HST more; the receipt shows one line per kind of fee.
    paymentsOf(await fee(admin.headers, appointmentId, { cents: 1_000 }));
    const paid = paymentsOf(await pay(admin.headers, appointmentId, { cents: 6_780 }));
    expect(paid.money.state).toBe('paid');
    const last = (await receiptsOf(appointmentId)).at(-1);
    expect(last?.document).toMatchObject({
      lines: [
        { label: 'Standard Cleaning', cents: 10_000 },
        { label: 'Lockout fee', cents: 6_000 },
      ],
      baseCents: 16_000,
      totalCents: 18_080,
    });
  });

  it('refunds part then the rest, each with a credit note and its reason; never more than was paid', async () => {
    const admin = await signedIn(app, ['admin']);
    const owner = await makeCustomer(app, { postalCode: TORONTO.postalCode });
    const { appointmentId } = await visitAt(app, TORONTO, owner);
    paymentsOf(await pay(admin.headers, appointmentId, { cents: 11_300 }));

    const noReason = await refund(admin.headers, appointmentId, { cents: 100, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(errorBodySchema.parse(noReason.json()).details).toContainEqual({
      path: 'body.reason',
      message: 'payments.errors.reasonRequired',
    });

    const part = paymentsOf(await refund(admin.headers, appointmentId, { cents: 3_000 }));
    expect(part.money).toMatchObject({
      refundedCents: 3_000,
      refundableCents: 8_300,
      state: 'partly_refunded',
    });
    const over = await refund(admin.headers, appointmentId, { cents: 8_301 });
    expect(over.statusCode).toBe(409);
    expect(codeOf(over)).toBe('REFUND_ABOVE_REFUNDABLE');
    const full = paymentsOf(await refund(admin.headers, appointmentId, { cents: 8_300, method: 'interac' }));
    expect(full.money).toMatchObject({ refundedCents: 11_300, refundableCents: 0, state: 'refunded' });
    expect(full.entries.filter((entry) => entry.kind === 'refund').map((entry) => entry.note)).toEqual([
      'The oven was not done',
      'The oven was not done',
    ]);

    const notes = (await receiptsOf(appointmentId)).filter((receipt) => receipt.kind === 'credit_note');
    expect(notes).toHaveLength(2);
    // The credit note's own figures: the credit, and the HST in it (8300 × 13/113, half up).
    expect(notes[1]?.document).toMatchObject({
      kind: 'credit_note',
      amount: { cents: 8_300, method: 'interac' },
      reason: 'The oven was not done',
      lines: [{ label: 'Credit on the visit', cents: 7_345 }],
      baseCents: 7_345,
      taxes: [{ code: 'HST', rate: 13_000, cents: 955 }],
      totalCents: 8_300,
      owedCents: 0,
    });
    const sent = await emailsTo(owner.email);
    expect(sent.map((email) => email.template)).toEqual(['receipt', 'receipt', 'receipt']);
    expect(sent.map((email) => email.data)).toEqual(
      (await receiptsOf(appointmentId)).map((row) => row.document),
    );
  });

  it('of ten parallel refunds of 60 % of what is refundable, exactly one goes through', async () => {
    const admin = await signedIn(app, ['admin']);
    const { appointmentId } = await visitAt(app, TORONTO);
    paymentsOf(await pay(admin.headers, appointmentId, { cents: 11_300 }));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund(admin.headers, appointmentId, { cents: 6_780 })),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 409)]);
    expect(answers.filter((res) => res.statusCode === 409).map(codeOf)).toEqual(
      Array.from({ length: 9 }, () => 'REFUND_ABOVE_REFUNDABLE'),
    );
    const refunds = await app.db
      .select()
      .from(paymentLedger)
      .where(sql`${paymentLedger.appointmentId} = ${appointmentId} and ${paymentLedger.kind} = 'refund'`);
    expect(refunds).toHaveLength(1);
  });

  it('records a form sent again (even ten times at once) once, and answers each with the same payments', async () => {
    const admin = await signedIn(app, ['admin']);
    const { appointmentId } = await visitAt(app, TORONTO);
    const body = { kind: 'payment', method: 'cash', cents: 5_000, idempotencyKey: key() };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app, 'POST', `/appointments/${appointmentId}/payments`, admin.headers, body),
      ),
    );
    const bodies: VisitPayments[] = answers.map((res) => paymentsOf(res));
    expect(new Set(bodies.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(bodies[0]?.money.paidCents).toBe(5_000);
    expect(await app.db.$count(paymentLedger, eq(paymentLedger.appointmentId, appointmentId))).toBe(1);
    expect(await receiptsOf(appointmentId)).toHaveLength(1);
  });

  it('refuses another write under a key already used on the visit (409), and records nothing for it', async () => {
    const admin = await signedIn(app, ['admin']);
    const { appointmentId } = await visitAt(app, TORONTO);
    const idempotencyKey = key();
    paymentsOf(await pay(admin.headers, appointmentId, { cents: 1_000, idempotencyKey }));
    for (const other of [
      pay(admin.headers, appointmentId, { cents: 2_000, idempotencyKey }),
      pay(admin.headers, appointmentId, { kind: 'tip', cents: 1_000, idempotencyKey }),
      fee(admin.headers, appointmentId, { cents: 1_000, idempotencyKey }),
      refund(admin.headers, appointmentId, { cents: 1_000, idempotencyKey }),
    ]) {
      const res = await other;
      expect(res.statusCode, res.body).toBe(409);
      expect(codeOf(res)).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(await app.db.$count(paymentLedger, eq(paymentLedger.appointmentId, appointmentId))).toBe(1);
  });

  it('refuses a refund on a card when cards are not taken online', async () => {
    const admin = await signedIn(app, ['admin']);
    const { appointmentId } = await visitAt(app, TORONTO);
    paymentsOf(await pay(admin.headers, appointmentId, { cents: 11_300 }));
    const res = await refund(admin.headers, appointmentId, { cents: 1_000, method: 'card' });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorBodySchema.parse(res.json()).details?.map((detail) => detail.message)).toContain(
      'payments.errors.cardRefundOff',
    );
    expect(await app.db.$count(paymentLedger, eq(paymentLedger.appointmentId, appointmentId))).toBe(1);
  });

  it('numbers receipts without a gap under parallel payments on different visits', async () => {
    const admin = await signedIn(app, ['admin']);
    const visits = [];
    for (let index = 0; index < 8; index += 1) visits.push(await visitAt(app, TORONTO));
    const [{ last } = { last: 0 }] = await app.db
      .select({ last: sql<number>`coalesce(max(${receipts.number}), 0)::int` })
      .from(receipts);
    // Each visit paid twice at once, and a payment refused (above owed) in between: no number is lost.
    const answers = await Promise.all(
      visits.flatMap(({ appointmentId }) => [
        pay(admin.headers, appointmentId, { cents: 5_000 }),
        pay(admin.headers, appointmentId, { cents: 99_999 }),
        pay(admin.headers, appointmentId, { cents: 6_300 }),
      ]),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(16);
    const numbers = (
      await app.db.select({ number: receipts.number }).from(receipts).orderBy(asc(receipts.number))
    )
      .map((row) => row.number)
      .filter((number) => number > last);
    expect(numbers).toEqual(Array.from({ length: 16 }, (_, index) => last + index + 1));
    const all = await app.db.select({ number: receipts.number }).from(receipts).orderBy(asc(receipts.number));
    expect(all.map((row) => row.number)).toEqual(Array.from({ length: all.length }, (_, index) => index + 1));
  });

  it('keeps the ledger append-only in the database: UPDATE and DELETE are refused', async () => {
    const admin = await signedIn(app, ['admin']);
    const { appointmentId } = await visitAt(app, TORONTO);
    const paid = paymentsOf(await pay(admin.headers, appointmentId, { cents: 1_000 }));
    const id = paid.entries[0]?.id ?? '';
    expect(
      await refusal(app.db.update(paymentLedger).set({ cents: 1 }).where(eq(paymentLedger.id, id))),
    ).toBe('payment_ledger is append-only: UPDATE refused');
    expect(await refusal(app.db.delete(paymentLedger).where(eq(paymentLedger.id, id)))).toBe(
      'payment_ledger is append-only: DELETE refused',
    );
    expect(await refusal(app.db.delete(receipts).where(eq(receipts.ledgerEntryId, id)))).toBe(
      'receipts is append-only: DELETE refused',
    );
    // A visit with money on it is kept: deleting it is refused (409), not cascaded into the ledger.
    const deleted = await call(app, 'DELETE', `/appointments/${appointmentId}`, admin.headers);
    expect(deleted.statusCode).toBe(409);
    expect(await app.db.$count(paymentLedger, eq(paymentLedger.id, id))).toBe(1);
  });
});

describe('a receipt as a PDF', () => {
  it('gives the admin and the visit’s customer the receipt as issued; others 403, an unknown one 404', async () => {
    const admin = await signedIn(app, ['admin']);
    const owner = await makeCustomer(app, { postalCode: TORONTO.postalCode });
    const { appointmentId } = await visitAt(app, TORONTO, owner);
    await happened(appointmentId, 'confirmed');
    const paid = paymentsOf(await pay(admin.headers, appointmentId, { cents: 11_300 }));
    const charged = paymentsOf(await fee(admin.headers, appointmentId, { cents: 1_000 }));
    const receiptId = paid.entries[0]?.receiptId ?? '';
    const [receipt] = await receiptsOf(appointmentId);
    expect(receiptId).toBe(receipt?.id);
    // A fee is charged, not receipted.
    expect(charged.entries.at(-1)?.receiptId).toBeNull();

    for (const headers of [admin.headers, owner.headers]) {
      const res = await call(app, 'GET', `/receipts/${receiptId}.pdf`, headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="receipt-${receipt?.document.number ?? ''}.pdf"`,
      );
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const other = await makeCustomer(app);
    const employee = await signedIn(app, ['employee']);
    for (const headers of [other.headers, employee.headers]) {
      expect((await call(app, 'GET', `/receipts/${receiptId}.pdf`, headers)).statusCode).toBe(403);
    }
    expect((await call(app, 'GET', `/receipts/${receiptId}.pdf`)).statusCode).toBe(401);
    const unknown = await call(app, 'GET', `/receipts/${crypto.randomUUID()}.pdf`, admin.headers);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('receipts in the visit’s language', () => {
  it('issues a French visit’s receipts, fees and credit note in French, and emails them in French', async () => {
    const admin = await signedIn(app, ['admin']);
    const owner = await makeCustomer(app, { postalCode: MONTREAL.postalCode });
    const { appointmentId } = await visitAt(app, MONTREAL, owner, { locale: 'fr' });
    await happened(appointmentId, 'confirmed');
    paymentsOf(await fee(admin.headers, appointmentId, { cents: 2_000 }));
    // $120 and GST 5 % ($6.00) + QST 9.975 % ($11.97).
    paymentsOf(await pay(admin.headers, appointmentId, { cents: 13_797, method: 'interac' }));
    paymentsOf(await refund(admin.headers, appointmentId, { cents: 2_000, reason: 'Annulation acceptée' }));
    const [receipt, note] = await receiptsOf(appointmentId);
    expect(receipt?.locale).toBe('fr');
    expect(receipt?.document).toMatchObject({
      locale: 'fr',
      lines: [
        { label: 'Standard Cleaning', cents: 10_000 },
        { label: 'Frais d’accès impossible', cents: 2_000 },
      ],
      taxes: [
        { code: 'GST', rate: 5_000, cents: 600 },
        { code: 'QST', rate: 9_975, cents: 1_197 },
      ],
      totalCents: 13_797,
    });
    expect(note?.document).toMatchObject({
      kind: 'credit_note',
      locale: 'fr',
      reason: 'Annulation acceptée',
      lines: [{ label: 'Crédit sur la visite', cents: 1_739 }],
      taxes: [
        { code: 'GST', rate: 5_000, cents: 87 },
        { code: 'QST', rate: 9_975, cents: 174 },
      ],
      totalCents: 2_000,
    });
    expect((await emailsTo(owner.email)).map((email) => [email.template, email.locale])).toEqual([
      ['receipt', 'fr'],
      ['receipt', 'fr'],
    ]);
  });
});

describe('taxes by the province of the visit’s place', () => {
  it('reads Toronto with HST 13 % and Montréal with GST 5 % + QST 9.975 %', async () => {
    const admin = await signedIn(app, ['admin']);
    const toronto = await visitAt(app, TORONTO);
    const montreal = await visitAt(app, MONTREAL);
    const read = async (id: string) =>
      paymentsOf(await call(app, 'GET', `/appointments/${id}/payments`, admin.headers), 200);
    const on = await read(toronto.appointmentId);
    expect(on.province).toBe('ON');
    expect(on.money.taxes).toEqual([{ code: 'HST', rate: 13_000, cents: 1_300 }]);
    expect(on.money.totalCents).toBe(11_300);
    const qc = await read(montreal.appointmentId);
    expect(qc.province).toBe('QC');
    expect(qc.money.taxes).toEqual([
      { code: 'GST', rate: 5_000, cents: 500 },
      { code: 'QST', rate: 9_975, cents: 998 },
    ]);
    expect(qc.money.totalCents).toBe(11_498);
  });

  it('refuses a tax twice in a province, or a province twice, and keeps what was saved', async () => {
    const admin = await signedIn(app, ['admin']);
    const before = taxSettingsSchema.parse(
      (await call(app, 'GET', '/admin/settings/taxes', admin.headers)).json(),
    );
    const twiceTax = {
      ...before,
      rates: [
        {
          province: 'ON',
          taxes: [
            { code: 'HST', rate: 13_000 },
            { code: 'HST', rate: 13_000 },
          ],
        },
      ],
    };
    const twiceProvince = {
      ...before,
      rates: [
        { province: 'ON', taxes: [{ code: 'HST', rate: 1_000 }] },
        { province: 'ON', taxes: [{ code: 'HST', rate: 13_000 }] },
      ],
    };
    for (const [body, message] of [
      [twiceTax, 'payments.errors.duplicateTax'],
      [twiceProvince, 'payments.errors.duplicateProvince'],
    ] as const) {
      const res = await call(app, 'PUT', '/admin/settings/taxes', admin.headers, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorBodySchema.parse(res.json()).details?.map((detail) => detail.message)).toContain(message);
    }
    expect((await call(app, 'GET', '/admin/settings/taxes', admin.headers)).json()).toEqual(before);
  });

  it('lets the admin set the business’s numbers and a province’s rates; the rest keep their defaults', async () => {
    const admin = await signedIn(app, ['admin']);
    const defaults = taxSettingsSchema.parse(
      (await call(app, 'GET', '/admin/settings/taxes', admin.headers)).json(),
    );
    expect(defaults.homeProvince).toBe('ON');
    expect(defaults.rates.find((rates) => rates.province === 'QC')?.taxes).toEqual([
      { code: 'GST', rate: 5_000 },
      { code: 'QST', rate: 9_975 },
    ]);
    const changed = {
      ...defaults,
      legalName: 'Éclat Cleaning Inc.',
      gstHstNumber: '123456789 RT0001',
      qstNumber: '1234567890 TQ0001',
      rates: [
        {
          province: 'AB' as const,
          taxes: [
            { code: 'GST' as const, rate: 5_000 },
            { code: 'PST' as const, rate: 1_000 },
          ],
        },
      ],
    };
    const saved = await call(app, 'PUT', '/admin/settings/taxes', admin.headers, changed);
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = taxSettingsSchema.parse(saved.json());
    expect(settings).toMatchObject({ legalName: 'Éclat Cleaning Inc.', gstHstNumber: '123456789 RT0001' });
    expect(settings.rates.find((rates) => rates.province === 'AB')?.taxes).toHaveLength(2);
    expect(settings.rates.find((rates) => rates.province === 'ON')?.taxes).toEqual([
      { code: 'HST', rate: 13_000 },
    ]);
    const bad = await call(app, 'PUT', '/admin/settings/taxes', admin.headers, {
      ...changed,
      homeProvince: 'ZZ',
    });
    expect(bad.statusCode).toBe(400);
    // Back to the defaults for the other tests of this file.
    await call(app, 'PUT', '/admin/settings/taxes', admin.headers, defaults);
  });
});

describe('the lists’ payment column', () => {
  it('gives each visit of the staff’s table and of My Appointments its payment state', async () => {
    const admin = await signedIn(app, ['admin']);
    const owner = await makeCustomer(app, { postalCode: MONTREAL.postalCode });
    const first = await visitAt(app, MONTREAL, owner);
    const second = await visitAt(app, MONTREAL, owner);
    paymentsOf(await pay(admin.headers, first.appointmentId, { cents: 11_498 }));
    paymentsOf(await pay(admin.headers, second.appointmentId, { cents: 1_498 }));

    const mine = z
      .array(listedAppointmentSchema)
      .parse((await call(app, 'GET', '/appointments/my-appointments', owner.headers)).json());
    const byId = new Map(mine.map((visit) => [visit.appointmentId, visit.payment]));
    expect(byId.get(first.appointmentId)).toEqual({ state: 'paid', totalCents: 11_498, owedCents: 0 });
    expect(byId.get(second.appointmentId)).toEqual({
      state: 'partly_paid',
      totalCents: 11_498,
      owedCents: 10_000,
    });

    const page = appointmentsPageSchema.parse(
      (await call(app, 'GET', '/appointments/paged?size=50', admin.headers)).json(),
    );
    expect(page.content.find((visit) => visit.appointmentId === first.appointmentId)?.payment?.state).toBe(
      'paid',
    );
    expect(page.content.every((visit) => visit.payment !== null)).toBe(true);
  });
});
