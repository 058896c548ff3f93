import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  addDays,
  errorBodySchema,
  listedAppointmentSchema,
  mondayOf,
  overviewSchema,
  taxSettingsSchema,
  visitPaymentsSchema,
  type TaxSettings,
} from '@eclat/shared';
import { appointments, paymentLedger, receipts } from '../../db/schema/index.ts';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { csvRecords, parseCsv } from '../../../test/csv-text.ts';
import { call, makeCustomer, signedIn, type Headers } from '../../../test/factories.ts';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * Decision 054: a visit's money keeps the taxes it was first recorded with; a refund keeps where it went;
 * the accountant's CSV says what the receipts said; tips and fees only where they make sense; the
 * business's address on receipts.
 */
const TZ = 'America/Toronto';
const TORONTO = { address: '100 Queen Street West', city: 'Toronto', postalCode: 'M5H 2N2' };

let app: TestApp;
useTestApp(
  (built) => {
    app = built;
  },
  { BUSINESS_TIMEZONE: TZ, JOBS_ENABLED: 'false', PAYMENTS: 'manual' },
);

let admin: { headers: Headers };
let owner: { customerId: string; firstName: string; lastName: string; headers: Headers };
let keys = 0;
const key = () => `history-key-${(keys += 1)}`;
const thisMonday = () => mondayOf(todayIn(TZ));
let minutes = 0;

/** A $100 visit in Toronto (HST 13 %: $113) of this week, written as it stands (status, time). */
async function visit(status: 'confirmed' | 'cancelled' | 'completed', when: 'past' | 'future' = 'past') {
  minutes += 30;
  const start =
    when === 'past'
      ? fromLocal(addDays(thisMonday(), -7), 6, 0, TZ)
      : fromLocal(addDays(todayIn(TZ), 30), 6, 0, TZ);
  const [row] = await app.db
    .insert(appointments)
    .values({
      customerId: owner.customerId,
      customerFirstName: owner.firstName,
      customerLastName: owner.lastName,
      appointmentDate: new Date(start.getTime() + minutes * 60_000),
      endsAt: new Date(start.getTime() + (minutes + 25) * 60_000),
      status,
      totalPrice: 100,
      ...TORONTO,
    })
    .returning();
  if (!row) throw new Error('no visit');
  return row.id;
}

const post = (appointmentId: string, what: 'payments' | 'fees' | 'refunds', body: object) =>
  call(app, 'POST', `/appointments/${appointmentId}/${what}`, admin.headers, {
    idempotencyKey: key(),
    ...body,
  });
async function write(appointmentId: string, what: 'payments' | 'fees' | 'refunds', body: object) {
  const res = await post(appointmentId, what, body);
  expect(res.statusCode, res.body).toBe(201);
  return visitPaymentsSchema.parse(res.json());
}
const paymentsOf = async (appointmentId: string) =>
  visitPaymentsSchema.parse(
    (await call(app, 'GET', `/appointments/${appointmentId}/payments`, admin.headers)).json(),
  );
const documentsOf = async (appointmentId: string) =>
  (
    await app.db
      .select({ document: receipts.document })
      .from(receipts)
      .where(eq(receipts.appointmentId, appointmentId))
      .orderBy(asc(receipts.number))
  ).map((row) => row.document);

async function settings(): Promise<TaxSettings> {
  return taxSettingsSchema.parse((await call(app, 'GET', '/admin/settings/taxes', admin.headers)).json());
}
async function saveSettings(changed: TaxSettings) {
  const res = await call(app, 'PUT', '/admin/settings/taxes', admin.headers, changed);
  expect(res.statusCode, res.body).toBe(200);
}
const withOntario = (base: TaxSettings, rate: number): TaxSettings => ({
  ...base,
  rates: base.rates.map((entry) =>
    entry.province === 'ON' ? { province: 'ON', taxes: [{ code: 'HST', rate }] } : entry,
  ),
});

let defaults: TaxSettings;
beforeAll(async () => {
  admin = await signedIn(app, ['admin']);
  owner = await makeCustomer(app, { postalCode: TORONTO.postalCode });
  defaults = await settings();
});
// Each test starts from the default settings, even after one that failed half-way.
afterEach(async () => {
  await saveSettings(defaults);
});

describe('a change of the tax settings does not rewrite the past', () => {
  it('keeps a visit with money on it at its rates and numbers; a visit with none takes the new ones', async () => {
    await saveSettings({
      ...defaults,
      legalName: 'Éclat Old Name Inc.',
      gstHstNumber: '111111111 RT0001',
      address: '1 Old Street, Toronto ON M5H 1A1',
    });
    const paid = await visit('completed');
    const fresh = await visit('completed');
    const first = await write(paid, 'payments', { kind: 'payment', method: 'cash', cents: 5_000 });
    expect(first.money).toMatchObject({ totalCents: 11_300, owedCents: 6_300, state: 'partly_paid' });
    const overviewOwed = async () => {
      const res = await call(app, 'GET', '/admin/overview', admin.headers);
      const week = overviewSchema
        .parse(res.json())
        .weeks.find((w) => w.weekStart === addDays(thisMonday(), -7));
      return week?.payments?.outstandingCents;
    };
    expect(await overviewOwed()).toBe(6_300 + 11_300);

    // The admin raises Ontario's HST to 15 % and renames the business.
    await saveSettings({
      ...withOntario(await settings(), 15_000),
      legalName: 'Éclat New Name Inc.',
      gstHstNumber: '222222222 RT0001',
      address: '2 New Street, Toronto ON M5H 2B2',
    });

    // The paid visit: the same money, payments page, list and overview; the fresh one: 15 %.
    expect(await paymentsOf(paid)).toEqual(first);
    const mine = z
      .array(listedAppointmentSchema)
      .parse((await call(app, 'GET', '/appointments/my-appointments', owner.headers)).json());
    const listed = new Map(mine.map((row) => [row.appointmentId, row.payment]));
    expect(listed.get(paid)).toEqual({ state: 'partly_paid', totalCents: 11_300, owedCents: 6_300 });
    expect(listed.get(fresh)).toEqual({ state: 'unpaid', totalCents: 11_500, owedCents: 11_500 });
    expect(await overviewOwed()).toBe(6_300 + 11_500);

    // Its next receipt still prints 13 % and the name, number and address it had.
    const rest = await write(paid, 'payments', { kind: 'payment', method: 'cash', cents: 6_300 });
    expect(rest.money).toMatchObject({ owedCents: 0, state: 'paid' });
    const [, second] = await documentsOf(paid);
    expect(second).toMatchObject({
      business: {
        legalName: 'Éclat Old Name Inc.',
        gstHstNumber: '111111111 RT0001',
        address: '1 Old Street, Toronto ON M5H 1A1',
      },
      taxes: [{ code: 'HST', rate: 13_000, cents: 1_300 }],
      totalCents: 11_300,
    });
    // The fresh visit, paid now, is fixed at 15 % and the new name and address.
    const freshPaid = await write(fresh, 'payments', { kind: 'payment', method: 'cash', cents: 11_500 });
    expect(freshPaid.money).toMatchObject({ totalCents: 11_500, state: 'paid' });
    expect((await documentsOf(fresh))[0]).toMatchObject({
      business: { legalName: 'Éclat New Name Inc.', address: '2 New Street, Toronto ON M5H 2B2' },
      taxes: [{ code: 'HST', rate: 15_000, cents: 1_500 }],
    });
    await saveSettings(defaults);
    expect(await paymentsOf(fresh)).toEqual(freshPaid);
  });

  it('a refused write fixes nothing: the visit keeps following the settings', async () => {
    const future = await visit('confirmed', 'future');
    const refused = await post(future, 'payments', { kind: 'tip', method: 'cash', cents: 500 });
    expect(refused.statusCode).toBe(409);
    const [row] = await app.db
      .select({ taxSnapshot: appointments.taxSnapshot })
      .from(appointments)
      .where(eq(appointments.id, future));
    expect(row?.taxSnapshot).toBeNull();
  });
});

describe('a refund keeps where it went', () => {
  it('a cancelled visit paid ahead, given back, then charged a late fee: the fee is owed', async () => {
    const id = await visit('confirmed');
    await write(id, 'payments', { kind: 'payment', method: 'cash', cents: 11_300 });
    await app.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, id));
    const back = await write(id, 'refunds', { method: 'cash', cents: 11_300, reason: 'Cancelled' });
    expect(back.money).toMatchObject({ owedCents: 0, state: 'refunded' });
    const [row] = await app.db
      .select()
      .from(paymentLedger)
      .where(eq(paymentLedger.appointmentId, id))
      .orderBy(asc(paymentLedger.createdAt))
      .offset(1);
    expect(row).toMatchObject({ refundOverpaymentCents: 11_300, refundCreditCents: 0, refundTipsCents: 0 });
    // The credit note has no tax: nothing was sold.
    expect((await documentsOf(id))[1]).toMatchObject({ kind: 'credit_note', totalCents: 0, lines: [] });
    // $50 fee + 13 % HST: owed, not taken as credited by the refund of the payment.
    const charged = await write(id, 'fees', { feeKind: 'late_cancellation', cents: 5_000 });
    expect(charged.money).toMatchObject({ totalCents: 5_650, creditedCents: 0, owedCents: 5_650 });
  });

  it('a tip given back, then the visit paid: paid, and the CSV shows no tax on the tip given back', async () => {
    const id = await visit('completed');
    await write(id, 'payments', { kind: 'tip', method: 'cash', cents: 2_000 });
    await write(id, 'refunds', { method: 'cash', cents: 2_000, reason: 'Tip typed on the wrong visit' });
    const paid = await write(id, 'payments', { kind: 'payment', method: 'cash', cents: 11_300 });
    expect(paid.money).toMatchObject({ owedCents: 0, creditedCents: 0, state: 'paid' });

    const res = await call(app, 'GET', '/admin/exports/payments.csv?lang=en', admin.headers);
    expect(res.statusCode).toBe(200);
    const lines = csvRecords(parseCsv(res.rawPayload.toString('utf8'))).filter(
      (record) => record['Appointment ID'] === id,
    );
    expect(lines.map((line) => [line.Kind, line['Before tax (CAD)'], line.HST, line['Total (CAD)']])).toEqual(
      [
        ['Tip', '20.00', '', '20.00'],
        ['Refund', '-20.00', '', '-20.00'],
        ['Payment', '100.00', '13.00', '113.00'],
      ],
    );
  });

  it('the CSV keeps the rates the receipts printed after the rates change', async () => {
    const id = await visit('completed');
    await write(id, 'payments', { kind: 'payment', method: 'cash', cents: 11_300 });
    await write(id, 'refunds', { method: 'cash', cents: 1_130, reason: 'Window missed' });
    await saveSettings(withOntario(defaults, 5_000));
    const res = await call(app, 'GET', '/admin/exports/payments.csv?lang=en', admin.headers);
    const lines = csvRecords(parseCsv(res.rawPayload.toString('utf8'))).filter(
      (record) => record['Appointment ID'] === id,
    );
    expect(lines.map((line) => [line.Kind, line['Before tax (CAD)'], line.HST, line['Total (CAD)']])).toEqual(
      [
        ['Payment', '100.00', '13.00', '113.00'],
        ['Refund', '-10.00', '-1.30', '-11.30'],
      ],
    );
  });
});

describe('tips and fees only where they make sense', () => {
  const codeOf = (res: { json: () => unknown }) => errorBodySchema.parse(res.json());
  const refused = async (
    id: string,
    what: 'payments' | 'fees',
    body: object,
    code: string,
    message: string,
  ) => {
    const res = await post(id, what, body);
    expect(res.statusCode, res.body).toBe(409);
    const error = codeOf(res);
    expect(error.code).toBe(code);
    expect(error.details?.map((detail) => detail.message)).toEqual([message]);
    expect(await app.db.$count(paymentLedger, eq(paymentLedger.appointmentId, id))).toBe(0);
  };
  const tip = { kind: 'tip', method: 'cash', cents: 1_000 };

  it('refuses a tip on a visit still to come or cancelled (TIP_NOT_COMPLETED); takes one once completed', async () => {
    await refused(
      await visit('confirmed', 'future'),
      'payments',
      tip,
      'TIP_NOT_COMPLETED',
      'payments.errors.tipNotCompleted',
    );
    await refused(
      await visit('confirmed'),
      'payments',
      tip,
      'TIP_NOT_COMPLETED',
      'payments.errors.tipNotCompleted',
    );
    await refused(
      await visit('cancelled'),
      'payments',
      tip,
      'TIP_NOT_COMPLETED',
      'payments.errors.tipNotCompleted',
    );
    await write(await visit('completed'), 'payments', tip);
  });

  it('refuses a late-cancellation fee on a visit not cancelled (FEE_NOT_CANCELLED)', async () => {
    const late = { feeKind: 'late_cancellation', cents: 2_000 };
    for (const status of ['confirmed', 'completed'] as const) {
      await refused(
        await visit(status),
        'fees',
        late,
        'FEE_NOT_CANCELLED',
        'payments.errors.feeNotCancelled',
      );
    }
    await write(await visit('cancelled'), 'fees', late);
  });

  it('refuses a lockout fee on a cancelled visit (LOCKOUT_CANCELLED) or before its time (LOCKOUT_BEFORE_VISIT)', async () => {
    const lockout = { feeKind: 'lockout', cents: 2_000 };
    await refused(
      await visit('cancelled'),
      'fees',
      lockout,
      'LOCKOUT_CANCELLED',
      'payments.errors.lockoutCancelled',
    );
    await refused(
      await visit('confirmed', 'future'),
      'fees',
      lockout,
      'LOCKOUT_BEFORE_VISIT',
      'payments.errors.lockoutBeforeVisit',
    );
    await write(await visit('confirmed'), 'fees', lockout);
    await write(await visit('completed'), 'fees', lockout);
  });
});
