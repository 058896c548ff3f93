import type pg from 'pg';

/** How much work a volume seed writes. */
export type Volume = {
  appointments: number;
  customers: number;
  employees: number;
  /** Availabilities and assigned shifts: one each per employee and day, from this many days back to 60 ahead. */
  shiftDays?: number;
  /**
   * Customer records and user accounts beyond those above (decision 024: the admin's lists of people),
   * named from a few French and English first names, accents included ("Amélie Martin42").
   */
  people?: number;
};

/**
 * Years of work written with set-based SQL (`generate_series`, a few statements whatever the count:
 * 1,000,000 appointments in well under a minute), for the volume tests and `bench/operations.ts`
 * (issue 18): customers, employees, appointments going back from 60 days ahead (at least 10 a day,
 * spread over ten years when there are more), one service line each, and a job for every visit that is
 * not cancelled, round robin over the employees, and feedback on one visit in a hundred. Rows go straight in: no booking rule is checked (the
 * bench and the tests measure reads). The last statement analyses the tables, as autovacuum would.
 */
export async function seedVolume(sql: pg.Pool | pg.Client, volume: Volume): Promise<void> {
  const perDay = Math.max(10, Math.ceil(volume.appointments / 3650));
  await sql.query(`insert into services (title, description, pricing, category, duration_minutes)
    values ('Standard Home Cleaning', 'Every room', 120, 'Residential', 120)`);
  await sql.query(
    `insert into customers (first_name, last_name, email, phone_number, address)
     select 'First' || n, 'Customer' || n, 'volume.customer' || n || '@example.com', '416-555-0100', n || ' King Street'
     from generate_series(1, $1) n`,
    [volume.customers],
  );
  await sql.query(
    `insert into employees (first_name, last_name, email, phone_number, role, is_active)
     select 'Worker' || n, 'Crew', 'volume.worker' || n || '@example.com', '416-555-0101', 'Cleaner', true
     from generate_series(1, $1) n`,
    [volume.employees],
  );
  // Appointment n: day n / perDay back from 60 days ahead, at 9:00 to 18:00 (UTC hours: the reads do
  // not care), two hours long, for customer n mod customers (numbered once, then a hash join).
  await sql.query(
    `with numbered as (
       select id, first_name, last_name, address, (row_number() over (order by id) - 1)::int as k
       from customers where email like 'volume.customer%'),
     slots as (
       select n, date_trunc('day', now()) + interval '60 days' - make_interval(days => n / $2::int)
                 + make_interval(hours => 9 + (n % $2::int) % 10) as starts
       from generate_series(0, $1::int - 1) n)
     insert into appointments (customer_id, customer_first_name, customer_last_name, appointment_date, ends_at,
                               status, address, total_price)
     select c.id, c.first_name, c.last_name, s.starts, s.starts + interval '2 hours',
            (array['pending','confirmed','completed','cancelled'])[1 + s.n % 4]::appointment_status,
            c.address, 120
     from slots s join numbered c on c.k = s.n % $3::int`,
    [volume.appointments, perDay, volume.customers],
  );
  await sql.query(`insert into appointment_services (appointment_id, position, service_id, title, price, duration_minutes)
    select a.id, 0, s.id, s.title, s.pricing, s.duration_minutes
    from appointments a cross join (select * from services where title = 'Standard Home Cleaning' limit 1) s
    where not exists (select 1 from appointment_services l where l.appointment_id = a.id)`);
  await sql.query(
    `insert into appointment_assignments (appointment_id, employee_id)
     select a.id, e.id
     from (select id, (row_number() over (order by appointment_date, id) - 1) as k
           from appointments where status <> 'cancelled') a
     join (select id, (row_number() over (order by id) - 1) as k
           from employees where email like 'volume.worker%') e on e.k = a.k % $1
     on conflict do nothing`,
    [volume.employees],
  );
  // Feedback on one visit in a hundred, every other one published, a minute apart.
  await sql.query(
    `insert into feedback (customer_id, author_name, stars, content, status, created_at)
     select c.id, c.first_name, 1 + n % 5, 'Visit feedback ' || n,
            (case when n % 2 = 0 then 'VISIBLE' else 'INVISIBLE' end)::feedback_status,
            now() - make_interval(mins => n)
     from generate_series(1, $1::int) n
     join (select id, first_name, (row_number() over (order by id) - 1)::int as k
           from customers where email like 'volume.customer%') c on c.k = n % $2::int`,
    [Math.ceil(volume.appointments / 100), volume.customers],
  );
  if (volume.shiftDays) {
    await sql.query(
      `insert into availabilities (employee_id, available_date, shift)
       select e.id, date_trunc('day', now()) + make_interval(days => d), 'MORNING'
       from employees e cross join generate_series(-$1::int, 60) d
       where e.email like 'volume.worker%'`,
      [volume.shiftDays],
    );
    await sql.query(
      `insert into schedules (employee_id, availability_id, assigned_date, shift, status)
       select employee_id, id, available_date + interval '9 hours', shift, 'APPROVED' from availabilities`,
    );
  }
  if (volume.people) {
    const names = `(array['Amélie','Zoé','Éric','Chloé','Noël','Marie','Jean','Lucas','Olivia','Liam'])[1 + n % 10]`;
    const lasts = `(array['Martin','Lefèvre','Dupont','Smith','Côté','Gagnon','Roy','Brown'])[1 + n % 8] || n`;
    await sql.query(
      `insert into customers (first_name, last_name, email, phone_number)
       select ${names}, ${lasts}, 'people.customer' || n || '@example.com', '416-555-0102'
       from generate_series(1, $1) n`,
      [volume.people],
    );
    await sql.query(
      `insert into users (email, first_name, last_name)
       select 'people.account' || n || '@example.com', ${names}, ${lasts}
       from generate_series(1, $1) n`,
      [volume.people],
    );
  }
  await sql.query('analyze');
}
