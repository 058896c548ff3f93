/**
 * Email that keeps up (issue 15), in process: the real app (`app.inject`) on an embedded PostgreSQL,
 * sending over SMTP to a real receiver on loopback. A burst of bookings (15 at a time, each with its
 * confirmation queued in the booking's transaction), then the time until the receiver holds every
 * confirmation. Printed side by side: the default (`EMAIL_CONCURRENCY` 8: batches fetched together and
 * sent at once, woken by notifications) and one email at a time (`EMAIL_CONCURRENCY=1`, the reference).
 * Figures only, never a pass/fail threshold.
 * Run: `npm run bench:email [bookings=200]`.
 */
import { addDays, fromLocal, SLOT_HOURS, todayIn } from '@eclat/shared';
import { startSmtpReceiver } from '../apps/api/test/smtp-receiver.ts';
import { startBenchApp } from './support/bench-app.ts';

const BOOKINGS = Number(process.argv[2] ?? 200);
const AT_ONCE = 15;
const TZ = 'America/Toronto';

async function drain(concurrency: number) {
  const smtp = await startSmtpReceiver();
  const { app, adminHeaders, stop } = await startBenchApp(`email-${concurrency}`, {
    BUSINESS_TIMEZONE: TZ,
    SMTP_URL: smtp.url,
    EMAIL_CONCURRENCY: String(concurrency),
    // Room for the whole burst: the bench measures email, not capacity.
    SLOT_CAPACITY: '100',
  });
  try {
    const sql = app.db.$client;
    const [service] = (
      await sql.query<{ id: string }>(
        `insert into services (title, description, pricing, category, duration_minutes)
         values ('Standard Home Cleaning', 'Every room', 120, 'Residential', 60) returning id`,
      )
    ).rows;
    const customers = (
      await sql.query<{ id: string }>(
        `insert into customers (first_name, last_name, email, phone_number, address)
         select 'First' || n, 'Customer' || n, 'customer' || n || '@example.com', '416-555-0100', n || ' King Street'
         from generate_series(1, $1) n returning id`,
        [BOOKINGS],
      )
    ).rows;
    const headers = await adminHeaders();
    const first = addDays(todayIn(TZ), 3);
    const startOf = (index: number) =>
      fromLocal(
        addDays(first, Math.floor(index / SLOT_HOURS.length)),
        SLOT_HOURS[index % SLOT_HOURS.length] ?? 9,
        0,
        TZ,
      ).toISOString();
    const started = performance.now();
    for (let from = 0; from < customers.length; from += AT_ONCE) {
      const answers = await Promise.all(
        customers.slice(from, from + AT_ONCE).map((customer, offset) =>
          app.inject({
            method: 'POST',
            url: `/api/v1/appointments/customers/${customer.id}`,
            headers,
            payload: { serviceIds: [service?.id], appointmentDate: startOf(from + offset) },
          }),
        ),
      );
      const refused = answers.find((res) => res.statusCode !== 201);
      if (refused) throw new Error(`booking refused: ${refused.statusCode} ${refused.body}`);
    }
    const booked = performance.now() - started;
    await smtp.waitFor(customers.length, 600_000);
    const drained = performance.now() - started;
    return { booked, drained, messages: smtp.messages.length };
  } finally {
    await stop();
    await smtp.close();
  }
}

const fast = await drain(8);
const reference = await drain(1);
console.log(`${BOOKINGS} bookings, ${AT_ONCE} at a time, each confirmation over SMTP on loopback\n`);
console.log(`${''.padEnd(40)} ${'EMAIL_CONCURRENCY=8'.padStart(20)} ${'=1 (reference)'.padStart(20)}`);
const row = (name: string, a: number, b: number) => {
  console.log(`${name.padEnd(40)} ${a.toFixed(0).padStart(17)} ms ${b.toFixed(0).padStart(17)} ms`);
};
row('all bookings answered', fast.booked, reference.booked);
row('every confirmation received', fast.drained, reference.drained);
console.log(`\nmessages received: ${fast.messages} and ${reference.messages}`);
