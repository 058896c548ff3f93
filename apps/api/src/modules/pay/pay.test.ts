import { beforeAll, describe, expect, it } from 'vitest';
import { overviewSchema, payRatesSchema, payReportSchema, type PayReport } from '@eclat/shared';
import {
  appointmentAssignments,
  appointments,
  paymentLedger,
  tipShares,
  visitSteps,
} from '../../db/schema/index.ts';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import { call, makeCustomer, makeEmployee, signedIn, type Headers } from '../../../test/factories.ts';
import { parseCsv } from '../../../test/csv-text.ts';

const csvRows = (text: string) => parseCsv(text).rows;

/**
 * Hours and pay through the API (issue 30 §6, decision 066), against hand-computed figures: the week of
 * Monday 26 October to Sunday 1 November 2026 in Toronto (weekly periods from Monday 5 January 2026), the
 * clocks going back on the Sunday, a raise from the Thursday. The same visits as `pay-figures.test.ts`,
 * written as rows: the report must say what was worked out by hand there.
 */
let app: TestApp;
useTestApp(
  (built) => {
    app = built;
  },
  {
    BUSINESS_TIMEZONE: 'America/Toronto',
    PAY_PERIOD_DAYS: '7',
    PAY_PERIOD_START: '2026-01-05',
    PAY_TRAVEL: 'buffer',
    BUFFER_MINUTES: '30',
    JOBS_ENABLED: 'false',
  },
);

let admin: Headers;
let cleaner: Awaited<ReturnType<typeof makeEmployee>>;
let other: Awaited<ReturnType<typeof makeEmployee>>;
let customer: Awaited<ReturnType<typeof makeCustomer>>;
const ids: Record<string, string> = {};

type Row = {
  name: string;
  start: string;
  end: string;
  status?: 'completed' | 'confirmed' | 'cancelled';
  steps?: { arrived: string; completed: string };
  employees: { id: () => string; status?: 'PENDING' | 'REJECTED' }[];
  firstName?: string;
};

async function visit(row: Row) {
  const [made] = await app.db
    .insert(appointments)
    .values({
      customerId: customer.customerId,
      customerFirstName: row.firstName ?? 'Ada',
      customerLastName: 'Lovelace',
      appointmentDate: new Date(row.start),
      endsAt: new Date(row.end),
      status: row.status ?? 'completed',
      totalPrice: 120,
    })
    .returning();
  if (!made) throw new Error('no visit');
  ids[row.name] = made.id;
  for (const employee of row.employees)
    await app.db.insert(appointmentAssignments).values({
      appointmentId: made.id,
      employeeId: employee.id(),
      status: employee.status ?? 'PENDING',
    });
  if (row.steps) {
    const base = { appointmentId: made.id, byOffice: false };
    await app.db.insert(visitSteps).values([
      { ...base, step: 'arrived', at: new Date(row.steps.arrived), idempotencyKey: `${row.name}-a` },
      { ...base, step: 'completed', at: new Date(row.steps.completed), idempotencyKey: `${row.name}-c` },
    ]);
  }
  return made.id;
}

async function tip(appointmentId: string, employeeId: string, cents: number, receivedAt: string) {
  const [entry] = await app.db
    .insert(paymentLedger)
    .values({
      appointmentId,
      kind: 'tip',
      cents,
      method: 'cash',
      idempotencyKey: `tip-${appointmentId}-${receivedAt}`,
      createdAt: new Date(receivedAt),
    })
    .returning();
  if (!entry) throw new Error('no tip');
  await app.db
    .insert(tipShares)
    .values({ ledgerEntryId: entry.id, employeeId, cents, createdAt: new Date(receivedAt) });
}

const report = (headers: Headers, employeeId: string, date = '2026-10-28') =>
  call(app, 'GET', `/pay/report?employeeId=${employeeId}&date=${date}`, headers);

beforeAll(async () => {
  admin = (await signedIn(app, ['admin'])).headers;
  cleaner = await makeEmployee(app, { firstName: 'Émile', lastName: 'Brûlé' });
  other = await makeEmployee(app, { firstName: 'Zoé', lastName: 'Garçon' });
  customer = await makeCustomer(app);
  const me = { id: () => cleaner.id };
  const zoe = { id: () => other.id };
  await visit({
    name: 'tuesdayMorning',
    start: '2026-10-27T13:00:00Z',
    end: '2026-10-27T16:00:00Z',
    steps: { arrived: '2026-10-27T13:10:00Z', completed: '2026-10-27T16:25:00Z' },
    employees: [me],
  });
  await visit({
    name: 'tuesdayAfternoon',
    start: '2026-10-27T17:00:00Z',
    end: '2026-10-27T19:00:00Z',
    employees: [me],
    // A customer's name a spreadsheet would run: the CSV keeps it text.
    firstName: '=HYPERLINK("http://x")',
  });
  await visit({
    name: 'thursday',
    start: '2026-10-29T14:00:00Z',
    end: '2026-10-29T16:00:00Z',
    steps: { arrived: '2026-10-29T14:00:00Z', completed: '2026-10-29T15:47:00Z' },
    employees: [me],
  });
  await visit({
    name: 'dstNight',
    start: '2026-11-01T05:00:00Z',
    end: '2026-11-01T07:00:00Z',
    steps: { arrived: '2026-11-01T05:05:00Z', completed: '2026-11-01T06:50:00Z' },
    employees: [me],
  });
  await visit({
    name: 'sundayLate',
    start: '2026-11-02T04:30:00Z',
    end: '2026-11-02T05:30:00Z',
    employees: [me],
  });
  // Not in the report: Monday 2 November 00:30 EST (the next period), a cancelled visit, one not done
  // yet, one the cleaner turned down, and Zoé's own visit.
  await visit({
    name: 'nextMonday',
    start: '2026-11-02T05:30:00Z',
    end: '2026-11-02T06:30:00Z',
    employees: [me],
  });
  await visit({
    name: 'cancelled',
    status: 'cancelled',
    start: '2026-10-28T14:00:00Z',
    end: '2026-10-28T15:00:00Z',
    employees: [me],
  });
  await visit({
    name: 'confirmed',
    status: 'confirmed',
    start: '2026-10-30T14:00:00Z',
    end: '2026-10-30T15:00:00Z',
    employees: [me],
  });
  await visit({
    name: 'turnedDown',
    start: '2026-10-30T17:00:00Z',
    end: '2026-10-30T18:00:00Z',
    employees: [{ ...me, status: 'REJECTED' }, zoe],
  });
  const thursday = ids.thursday;
  const nextMonday = ids.nextMonday;
  if (!thursday || !nextMonday) throw new Error('seed failed');
  // A tip received in the period (counted) and one received after it (not).
  await tip(thursday, cleaner.id, 501, '2026-10-30T15:00:00Z');
  await tip(nextMonday, cleaner.id, 700, '2026-11-02T15:00:00Z');
});

async function setRate(body: object, headers = admin, employeeId = cleaner.id) {
  return call(app, 'POST', `/employees/${employeeId}/pay-rates`, headers, body);
}

describe('pay terms', () => {
  it('the admin sets terms from a day; the history is kept, oldest first; the same day again replaces', async () => {
    expect(
      (await setRate({ effectiveFrom: '2026-01-01', kind: 'hourly', hourlyCents: 1900 })).statusCode,
    ).toBe(200);
    expect(
      (await setRate({ effectiveFrom: '2026-10-29', kind: 'hourly', hourlyCents: 2550 })).statusCode,
    ).toBe(200);
    // A correction of the first day's rate.
    const res = await setRate({ effectiveFrom: '2026-01-01', kind: 'hourly', hourlyCents: 2000 });
    expect(res.statusCode, res.body).toBe(200);
    const listed = payRatesSchema.parse(
      (await call(app, 'GET', `/employees/${cleaner.id}/pay-rates`, admin)).json(),
    );
    expect(listed.rates.map(({ createdAt: _, ...rate }) => rate)).toEqual([
      { effectiveFrom: '2026-01-01', kind: 'hourly', hourlyCents: 2000, percentBasisPoints: null },
      { effectiveFrom: '2026-10-29', kind: 'hourly', hourlyCents: 2550, percentBasisPoints: null },
    ]);
  });

  it('refuses terms without their amount (400 with a translated key) and an unknown employee (404)', async () => {
    const missing = await setRate({ effectiveFrom: '2026-02-01', kind: 'hourly' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'body.hourlyCents', message: 'pay.errors.hourly' }],
    });
    const tooMuch = await setRate({
      effectiveFrom: '2026-02-01',
      kind: 'percent',
      percentBasisPoints: 10_001,
    });
    expect(tooMuch.statusCode).toBe(400);
    const unknown = await setRate(
      { effectiveFrom: '2026-02-01', kind: 'hourly', hourlyCents: 2000 },
      admin,
      '00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('only the admin reads or writes them: an employee and a customer 403, anonymous 401', async () => {
    const body = { effectiveFrom: '2026-02-01', kind: 'hourly', hourlyCents: 9999 };
    expect((await setRate(body, cleaner.headers)).statusCode).toBe(403);
    expect((await setRate(body, customer.headers)).statusCode).toBe(403);
    expect((await setRate(body, {})).statusCode).toBe(401);
    const url = `/employees/${cleaner.id}/pay-rates`;
    expect((await call(app, 'GET', url, cleaner.headers)).statusCode).toBe(403);
    expect((await call(app, 'GET', url, customer.headers)).statusCode).toBe(403);
    expect((await call(app, 'GET', url, {})).statusCode).toBe(401);
  });
});

describe('the pay report', () => {
  let shown: PayReport;
  beforeAll(async () => {
    const res = await report(admin, cleaner.id);
    expect(res.statusCode, res.body).toBe(200);
    shown = payReportSchema.parse(res.json());
  });

  it('is the period of whole business days holding the date, with its completed visits only', () => {
    expect(shown.period).toEqual({ from: '2026-10-26', to: '2026-11-01', lengthDays: 7 });
    expect(shown.employee).toEqual({ id: cleaner.id, firstName: 'Émile', lastName: 'Brûlé' });
    expect(shown.visits.map((line) => line.appointmentId)).toEqual(
      ['tuesdayMorning', 'tuesdayAfternoon', 'thursday', 'dstNight', 'sundayLate'].map((name) => ids[name]),
    );
  });

  it('says what was worked out by hand: real time across the change of time, the raise from its day', () => {
    const line = (name: string) => shown.visits.find((row) => row.appointmentId === ids[name]);
    expect(line('tuesdayMorning')).toMatchObject({
      workedMinutes: 195,
      differenceMinutes: 15,
      payCents: 6500,
    });
    expect(line('tuesdayAfternoon')).toMatchObject({
      workedFrom: 'planned',
      workedMinutes: 120,
      travelMinutes: 30,
      payCents: 5000,
    });
    expect(line('thursday')).toMatchObject({ workedMinutes: 107, visitPayCents: 4548 });
    expect(line('dstNight')).toMatchObject({
      date: '2026-11-01',
      plannedMinutes: 120,
      workedMinutes: 105,
      payCents: 4463,
    });
    expect(line('sundayLate')).toMatchObject({ date: '2026-11-01', travelMinutes: 30, payCents: 3825 });
    expect(shown.totals).toEqual({
      visits: 5,
      plannedMinutes: 600,
      workedMinutes: 587,
      differenceMinutes: -13,
      travelMinutes: 60,
      visitPayCents: 22_061,
      travelPayCents: 2275,
      payCents: 24_336,
      tipsCents: 501,
      visitsFromPlan: 2,
      visitsWithoutRate: 0,
    });
    expect(shown.tips).toEqual([
      {
        appointmentId: ids.thursday,
        visitDate: '2026-10-29',
        receivedAt: '2026-10-30T15:00:00.000Z',
        cents: 501,
      },
    ]);
  });

  it('an employee reads their own; another employee’s is 403; a customer 403; anonymous 401', async () => {
    const own = await report(cleaner.headers, cleaner.id);
    expect(own.statusCode, own.body).toBe(200);
    expect(payReportSchema.parse(own.json()).totals.payCents).toBe(24_336);
    expect((await report(other.headers, cleaner.id)).statusCode).toBe(403);
    expect((await report(customer.headers, cleaner.id)).statusCode).toBe(403);
    expect((await report({}, cleaner.id)).statusCode).toBe(401);
    const csv = (headers: Headers) =>
      call(app, 'GET', `/pay/report.csv?employeeId=${cleaner.id}&date=2026-10-28`, headers);
    expect((await csv(other.headers)).statusCode).toBe(403);
    expect((await csv(customer.headers)).statusCode).toBe(403);
    expect((await csv({})).statusCode).toBe(401);
  });

  it('gives the same figures as CSV for payroll, formulas kept as text, in English and French', async () => {
    const res = await call(
      app,
      'GET',
      `/pay/report.csv?employeeId=${cleaner.id}&date=2026-10-28&lang=en`,
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="pay-2026-10-26-to-2026-11-01-${cleaner.id}.csv"`,
    );
    const rows = csvRows(res.body);
    expect(rows[0]?.[0]).toBe('Employee');
    const [, ...lines] = rows;
    expect(lines.map((line) => [line[3], line[4], line[7], line[16], line[17]])).toEqual([
      ['Visit', '2026-10-27', '195', '65.00', ''],
      ['Visit', '2026-10-27', '120', '50.00', ''],
      ['Visit', '2026-10-29', '107', '45.48', ''],
      ['Visit', '2026-11-01', '105', '44.63', ''],
      ['Visit', '2026-11-01', '60', '38.25', ''],
      ['Tip', '2026-10-29', '', '', '5.01'],
      ['Total', '', '587', '243.36', '5.01'],
    ]);
    expect(lines[1]?.[5]).toBe(`'=HYPERLINK("http://x") Lovelace`);
    const french = await call(
      app,
      'GET',
      `/pay/report.csv?employeeId=${cleaner.id}&date=2026-10-28&lang=fr`,
      admin,
    );
    expect(csvRows(french.body)[0]?.[0]).toBe('Employé');
    expect(csvRows(french.body)[7]?.[3]).toBe('Total');
  });

  it('a date of the next period shows the next period; a wrong date is a 400', async () => {
    const next = payReportSchema.parse((await report(admin, cleaner.id, '2026-11-02')).json());
    expect(next.period).toEqual({ from: '2026-11-02', to: '2026-11-08', lengthDays: 7 });
    expect(next.visits.map((line) => line.appointmentId)).toEqual([ids.nextMonday]);
    expect(next.totals.tipsCents).toBe(700);
    const bad = await call(app, 'GET', `/pay/report?employeeId=${cleaner.id}&date=2026-13-01`, admin);
    expect(bad.statusCode).toBe(400);
  });
});

describe('the overview', () => {
  it('adds this week’s labour cost as a share of the price of its completed visits', async () => {
    const res = await call(app, 'GET', '/admin/overview?date=2026-10-28', admin);
    expect(res.statusCode, res.body).toBe(200);
    // Émile's 243.36 for his five visits; Zoé (no terms yet) is paid 0 for hers. Six visits of $120.00.
    expect(overviewSchema.parse(res.json()).labour).toEqual({
      weekStart: '2026-10-26',
      labourCents: 24_336,
      revenueCents: 6 * 12_000,
      sharePerMille: 338, // 24336 / 72000 = 0.3380
    });
  });
});
