/**
 * Open times from the real team (issue 13), in process: the real app (`app.inject`) on an embedded
 * PostgreSQL with a month of work: 20 employees who work every shift of the next 30 days and 2,000
 * visits (with their cleaners, travel buffers respected). Prints, side by side, the time to answer a
 * day's slots (`GET /slots`) and a month's days (`GET /slots/days`) with the team, and the same requests
 * on the same visits before any availability exists (the fixed per-hour capacity of a fresh install: the
 * reference). Figures only, never a pass/fail threshold.
 * Run: `npm run bench:slots [appointments=2000] [employees=20]`.
 */
import { addDays, todayIn } from '@eclat/shared';
import { startBenchApp, summarise } from './support/bench-app.ts';

const APPOINTMENTS = Number(process.argv[2] ?? 2000);
const EMPLOYEES = Number(process.argv[3] ?? 20);
const DAYS = 30;
const TZ = 'America/Toronto';

const { app, stop } = await startBenchApp('slots', { BUSINESS_TIMEZONE: TZ });
try {
  const sql = app.db.$client;
  const first = addDays(todayIn(TZ), 2);
  const [service] = (
    await sql.query<{ id: string }>(
      `insert into services (title, description, pricing, category, duration_minutes)
       values ('Standard Home Cleaning', 'Every room', 120, 'Residential', 120) returning id`,
    )
  ).rows;
  await sql.query(
    `insert into customers (first_name, last_name, email, phone_number, address)
     select 'First' || n, 'Customer' || n, 'customer' || n || '@example.com', '416-555-0100', n || ' King Street'
     from generate_series(1, 400) n`,
  );
  await sql.query(
    `insert into employees (first_name, last_name, email, phone_number, role, is_active)
     select 'Worker' || n, 'Crew', 'worker' || n || '@example.com', '416-555-0101', 'Cleaner', true
     from generate_series(1, $1) n`,
    [EMPLOYEES],
  );
  // Two-hour visits at 09:00, 12:00, 15:00 and 18:00 (business time), one employee each: with the
  // 30-minute buffer nobody is double-booked. Filled day by day, employee by employee, up to the count.
  await sql.query(
    `with employees_numbered as (select id, row_number() over (order by id) - 1 as k from employees),
     plan as (
       select d, e.id as employee_id, h,
              row_number() over (order by d, h, e.k) as n
       from generate_series(0, $3 - 1) d
       cross join employees_numbered e
       cross join unnest(array[9, 12, 15, 18]) h),
     chosen as (
       select p.*, ((($1::date + p.d) + make_time(p.h, 0, 0)) at time zone $4) as starts
       from plan p where p.n <= $2),
     customer_numbered as (select *, row_number() over (order by id) - 1 as k from customers),
     inserted as (
       insert into appointments (customer_id, customer_first_name, customer_last_name, appointment_date,
                                 ends_at, status, address, total_price, idempotency_key)
       select c.id, c.first_name, c.last_name, ch.starts, ch.starts + interval '2 hours', 'confirmed',
              c.address, 120, ch.employee_id || ':' || ch.n
       from chosen ch join customer_numbered c on c.k = ch.n % 400
       returning id, idempotency_key)
     insert into appointment_assignments (appointment_id, employee_id)
     select id, split_part(idempotency_key, ':', 1)::uuid from inserted`,
    [first, APPOINTMENTS, DAYS, TZ],
  );
  await sql.query(`insert into appointment_services (appointment_id, position, service_id, title, price, duration_minutes)
    select a.id, 0, s.id, s.title, s.pricing, s.duration_minutes from appointments a cross join services s`);

  // Statistics as a database in use has them (autovacuum would analyse these tables soon after).
  await sql.query('analyze');
  const days = Array.from({ length: DAYS }, (_, offset) => addDays(first, offset));
  async function timed(target: string): Promise<number> {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: target });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${target}: ${res.statusCode} ${res.body}`);
    return elapsed;
  }
  async function measure() {
    const query = `serviceIds=${service?.id ?? ''}`;
    // Warm up the route and the pool once.
    await timed(`/api/v1/slots?date=${first}&${query}`);
    const day: number[] = [];
    for (const date of days) day.push(await timed(`/api/v1/slots?date=${date}&${query}`));
    const month: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      month.push(await timed(`/api/v1/slots/days?from=${first}&to=${addDays(first, DAYS - 1)}&${query}`));
    }
    return { day: summarise(day), month: summarise(month) };
  }

  const reference = await measure();
  await sql.query(
    `insert into availabilities (employee_id, available_date, shift)
     select e.id, (($1::date + d)::timestamp at time zone $3), s::shift
     from employees e cross join generate_series(0, $2 - 1) d cross join unnest(array['MORNING','EVENING','NIGHT']) s`,
    [first, DAYS, TZ],
  );
  await sql.query('analyze availabilities');
  const team = await measure();
  const counts = (
    await sql.query<{ appointments: string; availabilities: string }>(
      `select (select count(*) from appointments) as appointments, (select count(*) from availabilities) as availabilities`,
    )
  ).rows[0];
  console.log(
    `${counts?.appointments ?? 0} visits over ${DAYS} days, ${EMPLOYEES} employees, ${counts?.availabilities ?? 0} availabilities\n`,
  );
  const row = (name: string, a: { median: number; worst: number }, b: { median: number; worst: number }) => {
    console.log(
      `${name.padEnd(34)} ${a.median.toFixed(1).padStart(7)} ms (worst ${a.worst.toFixed(1).padStart(6)})   ${b.median
        .toFixed(1)
        .padStart(7)} ms (worst ${b.worst.toFixed(1).padStart(6)})`,
    );
  };
  console.log(`${''.padEnd(34)} ${'from the team'.padEnd(27)}   fixed capacity, no team (reference)`);
  row(`a day's slots (${DAYS} days)`, team.day, reference.day);
  row(`a month's days (${DAYS} days, 5 runs)`, team.month, reference.month);
} finally {
  await stop();
}
