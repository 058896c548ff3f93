import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { discrepanciesSchema, discrepancySchema } from '@eclat/shared';
import { paymentDiscrepancies } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { call, makeCustomer, signedIn } from '../../../test/factories.ts';
import { closeStripeApp, startStripeApp } from '../../../test/stripe-app.ts';
import { storeDiscrepancies } from './card-reconcile.ts';

/**
 * The office's view of what the reconciliation found (decision 061): the list, those still to look at
 * first, and the admin's "resolved" with a note; nobody else may read or resolve them.
 */

let app: TestApp;
let started: Awaited<ReturnType<typeof startStripeApp>> | undefined;

beforeAll(async () => {
  started = await startStripeApp();
  ({ app } = started);
});

afterAll(async () => {
  await closeStripeApp(started);
});

let seen = 0;
/** A difference stored as the reconciliation stores it, found `minutesAgo` before now. */
async function stored(minutesAgo: number, appointmentId: string | null = null) {
  seen += 1;
  const providerObjectId = `pi_test_discrepancy_${seen}_${Date.now()}`;
  await storeDiscrepancies(app.db, [
    {
      kind: 'amount_differs',
      providerObjectId,
      appointmentId,
      cents: 11_300,
      detail: 'Stripe received 11300 cents; our ledger has 10000.',
      repaired: false,
    },
  ]);
  const [row] = await app.db
    .update(paymentDiscrepancies)
    .set({ foundAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(paymentDiscrepancies.providerObjectId, providerObjectId))
    .returning({ id: paymentDiscrepancies.id });
  if (!row) throw new Error('not stored');
  return row.id;
}

const resolve = (headers: Record<string, string>, id: string, body: object) =>
  call(app, 'POST', `/payments/discrepancies/${id}/resolve`, headers, body);

describe('the office resolves a difference', () => {
  it('marks it resolved with a note; it then lists after those still to look at', async () => {
    const admin = await signedIn(app, ['admin']);
    const older = await stored(60);
    const newer = await stored(1);
    const res = await resolve(admin.headers, newer, { note: '  Refunded by hand in the dashboard. ' });
    expect(res.statusCode, res.body).toBe(200);
    const resolved = discrepancySchema.parse(res.json());
    expect(resolved).toMatchObject({ id: newer, resolutionNote: 'Refunded by hand in the dashboard.' });
    expect(resolved.resolvedAt).not.toBeNull();

    // Sent again with a corrected note: the note changes, the moment it was resolved stays.
    const again = discrepancySchema.parse(
      (await resolve(admin.headers, newer, { note: 'Refunded by hand.' })).json(),
    );
    expect(again).toMatchObject({ resolvedAt: resolved.resolvedAt, resolutionNote: 'Refunded by hand.' });

    const listed = discrepanciesSchema.parse(
      (await call(app, 'GET', '/payments/discrepancies', admin.headers)).json(),
    );
    const order = listed.map((item) => item.id).filter((id) => id === older || id === newer);
    // The older one, still open, comes before the newer one resolved.
    expect(order).toEqual([older, newer]);
    const [row] = await app.db
      .select({ by: paymentDiscrepancies.resolvedByUserId })
      .from(paymentDiscrepancies)
      .where(eq(paymentDiscrepancies.id, newer));
    expect(row?.by).toBe(admin.user.id);
  });

  it('refuses an empty or too long note, an unknown id and a malformed one', async () => {
    const admin = await signedIn(app, ['admin']);
    const id = await stored(5);
    for (const body of [{}, { note: '   ' }, { note: 'x'.repeat(1001) }, { note: 42 }]) {
      const res = await resolve(admin.headers, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const unknown = await resolve(admin.headers, '00000000-0000-4000-8000-000000000000', { note: 'Done.' });
    expect(unknown.statusCode).toBe(404);
    expect((await resolve(admin.headers, 'not-a-uuid', { note: 'Done.' })).statusCode).toBe(400);
    const [row] = await app.db
      .select({ resolvedAt: paymentDiscrepancies.resolvedAt })
      .from(paymentDiscrepancies)
      .where(eq(paymentDiscrepancies.id, id));
    expect(row?.resolvedAt).toBeNull();
  });

  it('is the admin’s only: an employee and a customer 403, nobody signed in 401', async () => {
    const id = await stored(5);
    const employee = await signedIn(app, ['employee']);
    const customer = await makeCustomer(app);
    expect((await resolve(employee.headers, id, { note: 'Done.' })).statusCode).toBe(403);
    expect((await resolve(customer.headers, id, { note: 'Done.' })).statusCode).toBe(403);
    expect((await resolve({}, id, { note: 'Done.' })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/payments/discrepancies', employee.headers)).statusCode).toBe(403);
    expect((await call(app, 'GET', '/payments/discrepancies', {})).statusCode).toBe(401);
    const [row] = await app.db
      .select({ resolvedAt: paymentDiscrepancies.resolvedAt })
      .from(paymentDiscrepancies)
      .where(eq(paymentDiscrepancies.id, id));
    expect(row?.resolvedAt).toBeNull();
  });
});

describe('without cards', () => {
  it('answers 404 PAYMENTS_OFF with payments off', async () => {
    const off = await buildTestApp();
    try {
      const admin = await signedIn(off, ['admin']);
      const res = await call(
        off,
        'POST',
        '/payments/discrepancies/00000000-0000-4000-8000-000000000000/resolve',
        admin.headers,
        { note: 'Done.' },
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'PAYMENTS_OFF' });
    } finally {
      await off.close();
    }
  });
});
