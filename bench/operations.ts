/**
 * Operations at business scale, in process: the real app (`app.inject`, real guards with a token signed by
 * the embedded provider's own key) on an embedded PostgreSQL filled with a few years of work: thousands of
 * appointments, customers, employees and their jobs. Prints timings (median and worst of a few runs), the
 * PDF's size and the memory it took. Figures only, never a pass/fail threshold.
 * Run: `npm run bench:operations [appointments=6000]`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startBenchApp, summarise } from './support/bench-app.ts';

const APPOINTMENTS = Number(process.argv[2] ?? 6000);
const CUSTOMERS = 400;
const EMPLOYEES = 25;
const RUNS = 5;

const { app, adminHeaders, stop } = await startBenchApp('ops', { SLOT_CAPACITY: '50' });

try {
  // A few years of work, written with set-based SQL (fast to prepare; the bench measures the reads).
  const sql = app.db.$client;
  await sql.query(`insert into services (title, description, pricing, category, duration_minutes)
    values ('Standard Home Cleaning', 'Every room', 120, 'Residential', 120)`);
  await sql.query(
    `insert into customers (first_name, last_name, email, phone_number, address)
     select 'First' || n, 'Customer' || n, 'customer' || n || '@example.com', '416-555-0100', n || ' King Street'
     from generate_series(1, $1) n`,
    [CUSTOMERS],
  );
  await sql.query(
    `insert into employees (first_name, last_name, email, phone_number, role, is_active)
     select 'Worker' || n, 'Crew', 'worker' || n || '@example.com', '416-555-0101', 'Cleaner', true
     from generate_series(1, $1) n`,
    [EMPLOYEES],
  );
  // Appointments every weekday hour from 9 to 18, going back from 60 days ahead; two hours each.
  await sql.query(
    `with slots as (
       select n, (date_trunc('day', now()) + interval '60 days' - ((n / 10) || ' days')::interval
                  + ((9 + n % 10) || ' hours')::interval) as starts
       from generate_series(0, $1 - 1) n)
     insert into appointments (customer_id, customer_first_name, customer_last_name, appointment_date, ends_at,
                               status, address, total_price)
     select c.id, c.first_name, c.last_name, s.starts, s.starts + interval '2 hours',
            (array['pending','confirmed','completed','cancelled'])[1 + s.n % 4]::appointment_status,
            c.address, 120
     from slots s join lateral (select * from customers order by id offset (s.n % $2) limit 1) c on true`,
    [APPOINTMENTS, CUSTOMERS],
  );
  await sql.query(`insert into appointment_services (appointment_id, position, service_id, title, price, duration_minutes)
    select a.id, 0, s.id, s.title, s.pricing, s.duration_minutes from appointments a cross join services s`);
  // Jobs: each appointment that is not cancelled goes to one employee, round robin by start (no overlaps:
  // an employee's next job starts at least two hours later).
  await sql.query(
    `insert into appointment_assignments (appointment_id, employee_id)
     select a.id, e.id
     from (select id, row_number() over (order by appointment_date) - 1 as k
           from appointments where status <> 'cancelled') a
     join (select id, row_number() over (order by id) - 1 as k from employees) e on e.k = a.k % $1`,
    [EMPLOYEES],
  );
  const counts = await sql.query<{ appointments: string; jobs: string }>(
    `select (select count(*) from appointments) as appointments, (select count(*) from appointment_assignments) as jobs`,
  );

  const headers = await adminHeaders();

  async function measure(name: string, method: 'GET' | 'PUT', target: string, payload?: unknown) {
    const times: number[] = [];
    let bytes = 0;
    let status = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const res = await app.inject({ method, url: target, headers, ...(payload ? { payload } : {}) });
      times.push(performance.now() - started);
      bytes = res.rawPayload.length;
      status = res.statusCode;
    }
    const { median, worst } = summarise(times);
    console.log(
      `${name.padEnd(44)} ${String(status).padStart(3)}  median ${median.toFixed(1).padStart(7)} ms  worst ${worst
        .toFixed(1)
        .padStart(7)} ms  ${(bytes / 1024).toFixed(1).padStart(8)} KiB`,
    );
  }

  console.log(
    `${counts.rows[0]?.appointments ?? 0} appointments, ${CUSTOMERS} customers, ${EMPLOYEES} employees, ${counts.rows[0]?.jobs ?? 0} jobs; ${RUNS} runs each\n`,
  );
  const today = new Date().toISOString().slice(0, 10);
  await measure('appointments table, first page', 'GET', '/api/v1/appointments/paged?page=0&size=6');
  await measure(
    'appointments table, page 98 (last one shown)',
    'GET',
    '/api/v1/appointments/paged?page=98&size=6',
  );
  await measure('jobs of everyone, all time (admin)', 'GET', '/api/v1/schedules/jobs');
  await measure(`jobs of everyone from today`, 'GET', `/api/v1/schedules/jobs?from=${today}`);
  const [sample] = (
    await sql.query<{ id: string }>(
      `select id from appointments where status = 'pending' order by appointment_date desc limit 1`,
    )
  ).rows;
  const [employee] = (await sql.query<{ id: string }>(`select id from employees order by id limit 1`)).rows;
  await measure(
    'assign an employee (overlap check, locked)',
    'PUT',
    `/api/v1/appointments/${sample?.id ?? ''}/assignments`,
    {
      employeeIds: [employee?.id ?? ''],
    },
  );

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  await measure(`PDF of all ${APPOINTMENTS} appointments`, 'GET', '/api/v1/appointments/pdf?lang=en');
  loopDelay.disable();
  clearInterval(sampler);
  console.log(
    `\nPDF: resident memory rose by at most ${((peak - before) / 1024 / 1024).toFixed(0)} MiB; ` +
      `longest event-loop stall ${(loopDelay.max / 1e6).toFixed(0)} ms (other requests wait at most that long)`,
  );
} finally {
  await stop();
}
