import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  errorBodySchema,
  mondayOf,
  overviewSchema,
  visitPaymentsSchema,
  type OverviewPayments,
} from '@eclat/shared';
import { appointments, paymentLedger } from '../../db/schema/index.ts';
import { fromLocal, todayIn } from '../../lib/time-zone.ts';
import { csvRecords, parseCsv } from '../../../test/csv-text.ts';
import { call, makeCustomer, signedIn, type Headers } from '../../../test/factories.ts';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * Issue 29, deliverable 7 (decision 052): the money of the owner's overview and the accountant's payments
 * CSV, checked against figures worked out by hand. Two weeks: last week a Montréal visit (GST 5 % + QST
 * 9.975 %) paid $100 (a row written last week) and charged a $50 lockout fee (this week); this week a
 * Toronto visit (HST 13 %) of $200 paid $200 by cheque, tipped $15, refunded $10, and a cancelled Toronto
 * visit charged a $40 late-cancellation fee.
 */
const TZ = 'America/Toronto';
const TORONTO = { address: '100 Queen Street West', city: 'Toronto', postalCode: 'M5H 2N2' };
const MONTREAL = { address: '1250 Rue Sainte Catherine', city: 'Montréal', postalCode: 'H2Y 1C6' };

let app: TestApp;
useTestApp(
  (built) => {
    app = built;
  },
  { BUSINESS_TIMEZONE: TZ, JOBS_ENABLED: 'false', PAYMENTS: 'manual' },
);
/** Payments off (the default): the overview and the exports as the spec has them. */
let offApp: TestApp;
useTestApp(
  (built) => {
    offApp = built;
  },
  { BUSINESS_TIMEZONE: TZ, JOBS_ENABLED: 'false' },
);

const today = () => todayIn(TZ);
const thisMonday = () => mondayOf(today());
const lastMonday = () => addDays(thisMonday(), -7);

let admin: { headers: Headers; user: { email: string } };
let toronto: string;
let cancelled: string;
let montreal: string;
let customerEmail: string;
let keys = 0;
const key = () => `overview-key-${(keys += 1)}`;

async function visit(
  customer: { customerId: string; firstName: string; lastName: string },
  place: typeof TORONTO,
  start: Date,
  status: 'confirmed' | 'cancelled' | 'completed',
  totalPrice: number,
): Promise<string> {
  const [row] = await app.db
    .insert(appointments)
    .values({
      customerId: customer.customerId,
      customerFirstName: customer.firstName,
      customerLastName: customer.lastName,
      appointmentDate: start,
      endsAt: new Date(start.getTime() + 2 * 3_600_000),
      status,
      totalPrice,
      ...place,
    })
    .returning();
  if (!row) throw new Error('no visit');
  return row.id;
}

async function write(url: string, body: object): Promise<void> {
  const res = await call(app, 'POST', url, admin.headers, { idempotencyKey: key(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  visitPaymentsSchema.parse(res.json());
}

beforeAll(async () => {
  admin = await signedIn(app, ['admin']);
  const customer = await makeCustomer(app, { firstName: 'Hélène', lastName: 'Côté' });
  customerEmail = customer.email;
  // Completed: it takes a tip (decision 054).
  toronto = await visit(customer, TORONTO, fromLocal(thisMonday(), 10, 0, TZ), 'completed', 200);
  cancelled = await visit(customer, TORONTO, fromLocal(thisMonday(), 14, 0, TZ), 'cancelled', 150);
  montreal = await visit(customer, MONTREAL, fromLocal(lastMonday(), 10, 0, TZ), 'completed', 100);
  // Last Wednesday at noon: the ledger takes rows only now, so a row of last week is written as it was.
  await app.db.insert(paymentLedger).values({
    appointmentId: montreal,
    kind: 'payment',
    cents: 10_000,
    method: 'cash',
    idempotencyKey: 'last-week',
    createdAt: fromLocal(addDays(lastMonday(), 2), 12, 0, TZ),
  });
  await write(`/appointments/${toronto}/payments`, {
    kind: 'payment',
    method: 'cheque',
    cents: 20_000,
    reference: '=HYPERLINK("http://evil.example")',
  });
  await write(`/appointments/${toronto}/payments`, { kind: 'tip', method: 'interac', cents: 1_500 });
  await write(`/appointments/${toronto}/refunds`, { method: 'cash', cents: 1_000, reason: 'Oven, not done' });
  await write(`/appointments/${cancelled}/fees`, { feeKind: 'late_cancellation', cents: 4_000 });
  await write(`/appointments/${montreal}/fees`, { feeKind: 'lockout', cents: 5_000 });
});

const none: OverviewPayments = { collectedCents: 0, refundedCents: 0, outstandingCents: 0, failedCents: 0 };

describe('the overview’s money (PAYMENTS=manual)', () => {
  it('adds collected, refunded, outstanding and failed to this week and each of the twelve', async () => {
    const res = await call(app, 'GET', '/admin/overview', admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const overview = overviewSchema.parse(res.json());
    // This week: received $200 + $15; given back $10. Owed: the Toronto visit's $226 (200 + 13 % HST)
    // less $200 paid, the $10 refund both crediting the visit and giving money back: $26; the cancelled
    // one its fee, $40 + $5.20 HST = $45.20. Together $71.20.
    const thisWeek: OverviewPayments = {
      collectedCents: 21_500,
      refundedCents: 1_000,
      outstandingCents: 2_600 + 4_520,
      failedCents: 0,
    };
    // Last week: $100 received (the row written then). The Montréal visit owes $100 + $50 fee = $150,
    // GST $7.50, QST 9.975 % of $150 = $14.9625 → $14.96: $172.46 less $100 paid = $72.46.
    const lastWeek: OverviewPayments = {
      collectedCents: 10_000,
      refundedCents: 0,
      outstandingCents: 7_246,
      failedCents: 0,
    };
    expect(overview.thisWeek.payments).toEqual(thisWeek);
    expect(overview.nextWeek.payments).toEqual(none);
    expect(overview.weeks.map((week) => week.payments)).toEqual([
      ...Array.from({ length: 10 }, () => none),
      lastWeek,
      thisWeek,
    ]);
    // The rest of the overview is unchanged by the money: the two visits not cancelled, their total.
    expect(overview.thisWeek).toMatchObject({ visits: 1, cancellations: 1, revenueCents: 20_000 });
  });

  it('is the visits’ own money: the sum of what each visit’s payments page says it owes', async () => {
    let owed = 0;
    for (const id of [toronto, cancelled]) {
      const res = await call(app, 'GET', `/appointments/${id}/payments`, admin.headers);
      owed += visitPaymentsSchema.parse(res.json()).money.owedCents;
    }
    const overview = overviewSchema.parse((await call(app, 'GET', '/admin/overview', admin.headers)).json());
    expect(overview.thisWeek.payments?.outstandingCents).toBe(owed);
  });

  it('leaves the overview as the spec has it when payments are off: no money at all', async () => {
    const offAdmin = await signedIn(offApp, ['admin']);
    const res = await call(offApp, 'GET', '/admin/overview', offAdmin.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ thisWeek: object; nextWeek: object; weeks: object[] }>();
    for (const week of [body.thisWeek, body.nextWeek, ...body.weeks])
      expect(week).not.toHaveProperty('payments');
  });
});

const CSV = '/admin/exports/payments.csv';

describe('GET /admin/exports/payments.csv', () => {
  it('lists every ledger row of the days asked for, oldest first, with taxes that add up', async () => {
    const res = await call(app, 'GET', `${CSV}?from=${lastMonday()}&to=${today()}&lang=en`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="payments-from-${lastMonday()}-to-${today()}.csv"`,
    );
    const parsed = parseCsv(res.rawPayload.toString('utf8'));
    expect(parsed.hasBom).toBe(true);
    expect(parsed.rows[0]).toEqual([
      'Date',
      'Time',
      'Receipt or credit note',
      'Kind',
      'Method',
      'Reference',
      'Appointment ID',
      'Appointment date',
      'Customer',
      'Customer email',
      'Province',
      'Before tax (CAD)',
      'GST',
      'HST',
      'QST',
      'PST',
      'RST',
      'Total (CAD)',
      'Note or reason',
      'Recorded by',
    ]);
    const records = csvRecords(parsed);
    const common = { Customer: 'Hélène Côté', 'Customer email': customerEmail, PST: '', RST: '' };
    const onToronto = {
      ...common,
      'Appointment ID': toronto,
      'Appointment date': thisMonday(),
      Province: 'ON',
    };
    const onMontreal = {
      ...common,
      'Appointment ID': montreal,
      'Appointment date': lastMonday(),
      Province: 'QC',
    };
    const recorded = { 'Recorded by': admin.user.email };
    const columns = (record: Record<string, string>) => {
      const { Date: _date, Time: _time, ...rest } = record;
      return rest;
    };
    expect(records.map(columns)).toEqual([
      // $100 tax included in Québec: GST 100 × 5/114.975 = 4.3488 → 4.35, QST 100 × 9.975/114.975 =
      // 8.6758 → 8.68, before tax what is left, 86.97. Written last week by no one (no receipt).
      {
        ...onMontreal,
        'Receipt or credit note': '',
        Kind: 'Payment',
        Method: 'Cash',
        Reference: '',
        'Before tax (CAD)': '86.97',
        GST: '4.35',
        HST: '',
        QST: '8.68',
        'Total (CAD)': '100.00',
        'Note or reason': '',
        'Recorded by': '',
      },
      // $200 tax included in Ontario: HST 200 × 13/113 = 23.0088 → 23.01, before tax 176.99. The
      // cheque's reference is a formula: it stays text.
      {
        ...onToronto,
        ...recorded,
        'Receipt or credit note': 'R-000001',
        Kind: 'Payment',
        Method: 'Cheque',
        Reference: `'=HYPERLINK("http://evil.example")`,
        'Before tax (CAD)': '176.99',
        GST: '',
        HST: '23.01',
        QST: '',
        'Total (CAD)': '200.00',
        'Note or reason': '',
      },
      // A tip is untaxed.
      {
        ...onToronto,
        ...recorded,
        'Receipt or credit note': 'R-000002',
        Kind: 'Tip',
        Method: 'Interac e-Transfer',
        Reference: '',
        'Before tax (CAD)': '15.00',
        GST: '',
        HST: '',
        QST: '',
        'Total (CAD)': '15.00',
        'Note or reason': '',
      },
      // $10 given back: HST 10 × 13/113 = 1.1504 → 1.15, before tax 8.85, all negative.
      {
        ...onToronto,
        ...recorded,
        'Receipt or credit note': 'R-000003',
        Kind: 'Refund',
        Method: 'Cash',
        Reference: '',
        'Before tax (CAD)': '-8.85',
        GST: '',
        HST: '-1.15',
        QST: '',
        'Total (CAD)': '-10.00',
        'Note or reason': 'Oven, not done',
      },
      // A fee is before tax: $40 + 13 % HST.
      {
        ...onToronto,
        ...recorded,
        'Appointment ID': cancelled,
        'Receipt or credit note': '',
        Kind: 'Late-cancellation fee',
        Method: '',
        Reference: '',
        'Before tax (CAD)': '40.00',
        GST: '',
        HST: '5.20',
        QST: '',
        'Total (CAD)': '45.20',
        'Note or reason': '',
      },
      // $50 + GST 2.50 + QST 4.9875 → 4.99.
      {
        ...onMontreal,
        ...recorded,
        'Receipt or credit note': '',
        Kind: 'Lockout fee',
        Method: '',
        Reference: '',
        'Before tax (CAD)': '50.00',
        GST: '2.50',
        HST: '',
        QST: '4.99',
        'Total (CAD)': '57.49',
        'Note or reason': '',
      },
    ]);
    expect(records[0]).toMatchObject({ Date: addDays(lastMonday(), 2), Time: '12:00' });
    expect(records.slice(1).every((record) => record.Date === today())).toBe(true);
    // Every line adds up: before tax and each tax make the total.
    const cents = (text: string | undefined) => (text ? Math.round(Number(text) * 100) : 0);
    for (const record of records) {
      const parts = ['Before tax (CAD)', 'GST', 'HST', 'QST', 'PST', 'RST'].map((name) =>
        cents(record[name]),
      );
      expect(parts.reduce((sum, part) => sum + part, 0)).toBe(cents(record['Total (CAD)']));
    }
  });

  it('keeps to the days asked for (business-local), and the headers to the language', async () => {
    const res = await call(app, 'GET', `${CSV}?from=${thisMonday()}&lang=fr`, admin.headers);
    expect(res.statusCode).toBe(200);
    const parsed = parseCsv(res.rawPayload.toString('utf8'));
    expect(parsed.rows[0]?.slice(11, 20)).toEqual([
      'Avant taxes ($ CA)',
      'TPS',
      'TVH',
      'TVQ',
      'TVP',
      'TVD',
      'Total ($ CA)',
      'Note ou motif',
      'Inscrit par',
    ]);
    expect(csvRecords(parsed).map((record) => record.Type)).toEqual([
      'Paiement',
      'Pourboire',
      'Remboursement',
      'Frais d’annulation tardive',
      'Frais d’accès impossible',
    ]);
    const lastWeekOnly = await call(
      app,
      'GET',
      `${CSV}?from=${lastMonday()}&to=${addDays(thisMonday(), -1)}`,
      admin.headers,
    );
    expect(csvRecords(parseCsv(lastWeekOnly.rawPayload.toString('utf8')))).toHaveLength(1);
    const backwards = await call(app, 'GET', `${CSV}?from=${today()}&to=${lastMonday()}`, admin.headers);
    expect(backwards.statusCode).toBe(400);
    expect(errorBodySchema.parse(backwards.json()).code).toBe('VALIDATION_ERROR');
  });

  it('streams every row once across its batches, rows of the same instant included', async () => {
    // 2,500 rows a year ago, three to an instant (to the microsecond): batches of 1,000 end mid-instant.
    const day = addDays(today(), -400);
    const start = fromLocal(day, 9, 0, TZ).toISOString();
    await app.db.execute(sql`
      insert into payment_ledger (appointment_id, kind, cents, method, reference, idempotency_key, created_at)
      select ${montreal}::uuid, 'payment', 100, 'cash', 'bulk-' || n, 'bulk-' || n,
        ${start}::timestamptz + (n / 3) * interval '1 microsecond'
      from generate_series(1, 2500) n`);
    const res = await call(app, 'GET', `${CSV}?from=${day}&to=${day}`, admin.headers);
    expect(res.statusCode).toBe(200);
    const references = csvRecords(parseCsv(res.rawPayload.toString('utf8'))).map(
      (record) => record.Reference,
    );
    expect(references).toHaveLength(2_500);
    expect(new Set(references).size).toBe(2_500);
  });

  it('is the admin’s alone: employees and customers 403, nobody signed in 401', async () => {
    const employee = await signedIn(app, ['employee']);
    const customer = await signedIn(app, ['customer']);
    expect((await call(app, 'GET', CSV, employee.headers)).statusCode).toBe(403);
    expect((await call(app, 'GET', CSV, customer.headers)).statusCode).toBe(403);
    expect((await call(app, 'GET', CSV)).statusCode).toBe(401);
  });

  it('answers 404 PAYMENTS_OFF when payments are off', async () => {
    const offAdmin = await signedIn(offApp, ['admin']);
    const res = await call(offApp, 'GET', CSV, offAdmin.headers);
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json()).code).toBe('PAYMENTS_OFF');
  });
});
