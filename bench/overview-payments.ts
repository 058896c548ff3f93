/**
 * The owner's overview with payments on (issue 29, decision 052), at business scale: the volume seed
 * (`apps/api/test/volume.ts`, a million appointments by default) with a ledger written set-based on top,
 * half the places in Québec: first every past visit not cancelled paid exactly its total and a tip on one
 * in five (alike visits, a few groups), then a refund of a different amount on every one of them (no two
 * visits alike: one group each, the worst case). Prints the median and worst of a few runs of: the
 * overview's reads as they were before the money (the same queries, called directly), the whole overview
 * with the money, the payments CSV of the last 30 days, and the overview again in the worst case.
 * Run: `npm run bench:overview-payments [appointments=1000000]`.
 */
import { todayIn, addDays } from '@eclat/shared';
import { seedVolume } from '../apps/api/test/volume.ts';
import { findOverviewFigures, overviewSpan } from '../apps/api/src/modules/admin/overview.repository.ts';
import { findShiftHours } from '../apps/api/src/modules/scheduling/team.repository.ts';
import { startBenchApp, summarise } from './support/bench-app.ts';

const APPOINTMENTS = Number(process.argv[2] ?? 1_000_000);
const RUNS = 9;

const { app, config, adminHeaders, stop } = await startBenchApp('overview-payments', { PAYMENTS: 'manual' });

async function timed(name: string, run: () => Promise<number>): Promise<void> {
  await run();
  const times: number[] = [];
  let bytes = 0;
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    bytes = await run();
    times.push(performance.now() - started);
  }
  const { median, worst } = summarise(times);
  console.log(
    `| ${name} | ${median.toFixed(1)} ms | ${worst.toFixed(1)} ms | ${bytes ? `${(bytes / 1024).toFixed(1)} KiB` : ''} |`,
  );
}

try {
  const seedStarted = performance.now();
  await seedVolume(app.db.$client, {
    appointments: APPOINTMENTS,
    customers: 400,
    employees: 25,
    shiftDays: 365,
    people: 1_000,
  });
  const sql = app.db.$client;
  await sql.query(
    `update appointments set postal_code = case when random() < 0.5 then 'H2Y 1C6' else 'M5H 2N2' end`,
  );
  // Typical: every past visit not cancelled paid exactly its total ($120 + HST, or + GST and QST), a
  // tip on one in five: alike visits fall into a few groups.
  await sql.query(`
    insert into payment_ledger (appointment_id, kind, cents, method, idempotency_key, created_at)
    select id, 'payment', case when postal_code like 'H%' then 13797 else 13560 end, 'cash', 'bench-pay',
      appointment_date + interval '3 hours'
    from appointments where status <> 'cancelled' and appointment_date < now() - interval '3 hours'
    order by appointment_date`);
  await sql.query(`
    insert into payment_ledger (appointment_id, kind, cents, method, idempotency_key, created_at)
    select appointment_id, 'tip', 1000, 'cash', 'bench-tip', created_at + interval '1 day'
    from payment_ledger where kind = 'payment' and extract(day from created_at)::int % 5 = 0
    order by created_at`);
  await sql.query('analyze appointments; analyze payment_ledger');
  const counts = await sql.query<{ visits: string; rows: string }>(
    `select (select count(*) from appointments) as visits, (select count(*) from payment_ledger) as rows`,
  );
  console.log(
    `${counts.rows[0]?.visits ?? 0} appointments, ${counts.rows[0]?.rows ?? 0} ledger rows, written in ` +
      `${((performance.now() - seedStarted) / 1000).toFixed(1)} s; ${RUNS} runs each\n`,
  );
  const headers = await adminHeaders();
  const timeZone = config.businessTimeZone;
  const today = todayIn(timeZone);
  console.log('| read | median | worst | size |\n|---|---|---|---|');
  await timed('overview reads without the money (before)', async () => {
    const span = overviewSpan(timeZone, today);
    const shiftHours = await findShiftHours(app.db);
    await Promise.all([
      findOverviewFigures(app.db, span, { timeZone, shiftHours }),
      app.jobs.countFailed('email'),
    ]);
    return 0;
  });
  await timed('GET /admin/overview with the money (after)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/admin/overview', headers });
    if (res.statusCode !== 200) throw new Error(`overview ${res.statusCode}`);
    return res.rawPayload.length;
  });
  await timed('GET /admin/exports/payments.csv, last 30 days', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/exports/payments.csv?from=${addDays(today, -29)}&to=${today}`,
      headers,
    });
    if (res.statusCode !== 200) throw new Error(`csv ${res.statusCode}`);
    return res.rawPayload.length;
  });
  // Worst: a refund of a different amount on every paid visit, so no two visits group.
  await sql.query(`
    insert into payment_ledger (appointment_id, kind, cents, method, note, idempotency_key, created_at)
    select appointment_id, 'refund', 1 + (row_number() over (order by created_at))::int % 9000, 'cash',
      'bench', 'bench-refund', created_at + interval '2 days'
    from payment_ledger where kind = 'payment' order by created_at`);
  await sql.query('analyze payment_ledger');
  console.log('\nEvery paid visit different (a refund of its own amount on each):\n');
  await timed('GET /admin/overview with the money, no two visits alike', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/admin/overview', headers });
    if (res.statusCode !== 200) throw new Error(`overview ${res.statusCode}`);
    return res.rawPayload.length;
  });
} finally {
  await stop();
}
