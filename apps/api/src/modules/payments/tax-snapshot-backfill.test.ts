import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { taxSettingsSchema, visitPaymentsSchema, type TaxSettings } from '@eclat/shared';
import { appointments, receipts } from '../../db/schema/index.ts';
import { call, makeCustomer, signedIn, type Headers } from '../../../test/factories.ts';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import { backfillTaxSnapshots } from './tax-snapshot-backfill.ts';

/**
 * Decision 061: visits paid before migration 0024 (no `tax_snapshot`) get their taxes once, from their
 * first receipt (the settings of the time) or, without one, from today's settings; a visit without money
 * keeps none. Shown with visits made as they were before 0024 (the snapshot taken away), then the rates
 * changed, then the backfill run.
 */
const TORONTO = { address: '100 Queen Street West', city: 'Toronto', postalCode: 'M5H 2N2' };

let app: TestApp;
useTestApp(
  (built) => {
    app = built;
  },
  { JOBS_ENABLED: 'false', PAYMENTS: 'manual' },
);

let admin: { headers: Headers };
let owner: Awaited<ReturnType<typeof makeCustomer>>;
let keys = 0;
const key = () => `backfill-key-${(keys += 1)}`;

async function visit() {
  const start = new Date(Date.now() - 48 * 60 * 60 * 1000 + keys * 60_000);
  const [row] = await app.db
    .insert(appointments)
    .values({
      customerId: owner.customerId,
      customerFirstName: owner.firstName,
      customerLastName: owner.lastName,
      appointmentDate: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      status: 'completed',
      totalPrice: 100,
      ...TORONTO,
    })
    .returning();
  if (!row) throw new Error('no visit');
  return row.id;
}

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
const snapshotOf = async (appointmentId: string) =>
  (
    await app.db
      .select({ taxes: appointments.taxSnapshot })
      .from(appointments)
      .where(eq(appointments.id, appointmentId))
  )[0]?.taxes;
const moneyOf = async (appointmentId: string) =>
  visitPaymentsSchema.parse(
    (await call(app, 'GET', `/appointments/${appointmentId}/payments`, admin.headers)).json(),
  ).money;

beforeAll(async () => {
  admin = await signedIn(app, ['admin']);
  owner = await makeCustomer(app, { postalCode: TORONTO.postalCode });
});

describe('the backfill of the taxes of visits paid before 0024', () => {
  it('takes the first receipt’s rates and numbers, else today’s settings; leaves a visit without money', async () => {
    const defaults = await settings();
    await saveSettings({ ...defaults, legalName: 'Éclat Then Inc.', gstHstNumber: '111111111 RT0001' });
    // Paid in full at 13 %: $113.00, with its receipt.
    const paid = await visit();
    const res = await call(app, 'POST', `/appointments/${paid}/payments`, admin.headers, {
      kind: 'payment',
      method: 'cash',
      cents: 11_300,
      idempotencyKey: key(),
    });
    expect(res.statusCode, res.body).toBe(201);
    // A fee alone, and no document for it.
    const feeOnly = await visit();
    const fee = await call(app, 'POST', `/appointments/${feeOnly}/fees`, admin.headers, {
      feeKind: 'lockout',
      cents: 2_000,
      idempotencyKey: key(),
    });
    expect(fee.statusCode, fee.body).toBe(201);
    expect(await app.db.select().from(receipts).where(eq(receipts.appointmentId, feeOnly))).toEqual([]);
    const nothing = await visit();
    // As before migration 0024: no snapshot on either.
    await app.db.update(appointments).set({ taxSnapshot: null }).where(eq(appointments.id, paid));
    await app.db.update(appointments).set({ taxSnapshot: null }).where(eq(appointments.id, feeOnly));

    // The rate and the numbers change afterwards: the paid visit now reads as owing more.
    await saveSettings({
      ...withOntario(defaults, 15_000),
      legalName: 'Éclat Now Inc.',
      gstHstNumber: '222222222 RT0001',
    });
    expect((await moneyOf(paid)).owedCents).toBe(200);

    const filled = await backfillTaxSnapshots(app.db, 'Éclat');
    expect(filled).toBeGreaterThanOrEqual(2);
    expect(await snapshotOf(paid)).toEqual({
      province: 'ON',
      rates: [{ code: 'HST', rate: 13_000 }],
      legalName: 'Éclat Then Inc.',
      gstHstNumber: '111111111 RT0001',
      qstNumber: '',
      address: defaults.address,
    });
    expect(await moneyOf(paid)).toMatchObject({ totalCents: 11_300, owedCents: 0, state: 'paid' });
    expect(await snapshotOf(feeOnly)).toMatchObject({
      province: 'ON',
      rates: [{ code: 'HST', rate: 15_000 }],
      legalName: 'Éclat Now Inc.',
    });
    expect(await snapshotOf(nothing)).toBeNull();

    // Once: a second run finds nothing, and a later change of the settings leaves them as they are.
    expect(await backfillTaxSnapshots(app.db, 'Éclat')).toBe(0);
    await saveSettings(withOntario(defaults, 14_000));
    expect(await moneyOf(paid)).toMatchObject({ totalCents: 11_300, state: 'paid' });
    await saveSettings(defaults);
  });
});
