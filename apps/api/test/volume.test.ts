import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  LIST_RANGE_MAX_DAYS,
  MAX_TOTAL_PAGES,
  addDays,
  appointmentsPageSchema,
  authUserSchema,
  availabilitySchema,
  customerSchema,
  defaultRange,
  errorBodySchema,
  jobSchema,
  scheduleSchema,
  overviewSchema,
  todayIn,
} from '@eclat/shared';
import { fromLocal } from '../src/lib/time-zone.ts';
import { bearer, createTestUser, signAccessToken } from './auth.ts';
import { csvRecords, parseCsv } from './csv-text.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { seedVolume } from './volume.ts';
import {
  PDF_CONNECTION_NAME,
  PDF_THREADS,
  pdfThreads,
} from '../src/modules/appointments/appointments-pdf-thread.ts';

/**
 * Issue 18: years of data. A database with 100,000 appointments (written with generate_series), 75,000
 * jobs and a year of shifts: every list the API has answers 200 with a bounded body, and the PDF of all
 * of them is a whole PDF (parsed back: its pages, its count, its last row).
 */
const APPOINTMENTS = 100_000;
/** Customer records and user accounts (decision 024: searched and paged on the server). */
const PEOPLE = 20_000;
/** No list answers more than this (the longest, 92 days of everyone's shifts, is about 700 KB). */
const MAX_LIST_BYTES = 2 * 1024 * 1024;

let app: TestApp;
let admin: Record<string, string>;
let employee: Record<string, string>;
let customer: Record<string, string>;
const TZ = 'America/Toronto';

beforeAll(async () => {
  // Payments taken by hand: the lists carry each visit's payment, read for the page at this volume too.
  app = await buildTestApp({ BUSINESS_TIMEZONE: TZ, PAYMENTS: 'manual' });
  await seedVolume(app.db.$client, {
    appointments: APPOINTMENTS,
    customers: 400,
    employees: 25,
    shiftDays: 365,
    people: PEOPLE,
  });
  admin = bearer(await signAccessToken(app, await createTestUser(app, ['admin'])));
  // The seed's first worker and first customer, linked to these accounts by their email.
  employee = bearer(
    await signAccessToken(
      app,
      await createTestUser(app, ['employee'], undefined, { email: 'volume.worker1@example.com' }),
    ),
  );
  customer = bearer(
    await signAccessToken(
      app,
      await createTestUser(app, ['customer'], undefined, { email: 'volume.customer1@example.com' }),
    ),
  );
}, 120_000);
afterAll(async () => {
  await app.close();
});

const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

describe('every list at 100,000 appointments', () => {
  it('answers 200 with a bounded body: each GET of the API without a path parameter', async () => {
    const document = (await get('/api/docs/json', {})).json<{
      paths: Record<string, { get?: { parameters?: { in: string; name: string; required?: boolean }[] } }>;
    }>();
    const today = todayIn(TZ);
    const { rows: workers } = await app.db.execute<{ id: string }>(
      sql`select id from employees where email = 'volume.worker1@example.com'`,
    );
    // Required query parameters get a sensible value; everything else is left to its default.
    const required: Record<string, string> = {
      employeeId: workers[0]?.id ?? '',
      date: today,
      from: today,
      to: addDays(today, 30),
      email: 'volume.customer1@example.com',
      title: 'Cleaning',
    };
    const answered: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      if (!item.get || path.includes('{') || !path.startsWith('/api/v1/')) continue;
      // The PDF and the CSV exports stream any size: their own tests below.
      if (path === '/api/v1/appointments/pdf' || path.startsWith('/api/v1/admin/exports/')) continue;
      // The card on file answers with PAYMENTS=stripe only (one card, never a list): card.test.ts.
      if (path.startsWith('/api/v1/payments/')) continue;
      const query = (item.get.parameters ?? [])
        .filter((parameter) => parameter.in === 'query' && parameter.required)
        .map((parameter) => `${parameter.name}=${encodeURIComponent(required[parameter.name] ?? '')}`)
        .join('&');
      // As an admin; the "my" lists (the caller's own employee or customer record) as their owner.
      let res = await get(query ? `${path}?${query}` : path, admin);
      for (const owner of [employee, customer]) {
        if ([403, 404].includes(res.statusCode)) res = await get(query ? `${path}?${query}` : path, owner);
      }
      expect([path, res.statusCode]).toEqual([path, 200]);
      expect(res.rawPayload.length, path).toBeLessThan(MAX_LIST_BYTES);
      answered.push(path);
    }
    expect(answered).toEqual(
      expect.arrayContaining([
        '/api/v1/appointments/paged',
        '/api/v1/schedules/jobs',
        '/api/v1/schedules',
        '/api/v1/availabilities',
        '/api/v1/customers',
        '/api/v1/auth/users',
        '/api/v1/feedbacks',
      ]),
    );
  }, 120_000);

  it('the table: six a page, 99 pages at most, a capped count, and its filter', async () => {
    const first = appointmentsPageSchema.parse((await get('/api/v1/appointments/paged', admin)).json());
    expect(first.content).toHaveLength(6);
    expect(first.totalPages).toBe(MAX_TOTAL_PAGES);
    // Counted up to 99 pages and one row: "more than 594".
    expect(first.totalElements).toBe(MAX_TOTAL_PAGES * 6 + 1);
    const last = appointmentsPageSchema.parse(
      (await get('/api/v1/appointments/paged?page=98', admin)).json(),
    );
    expect(last.content).toHaveLength(6);
    expect(Date.parse(last.content[0]?.appointmentDate ?? '')).toBeLessThanOrEqual(
      Date.parse(first.content.at(-1)?.appointmentDate ?? ''),
    );

    const from = addDays(todayIn(TZ), -7);
    const to = todayIn(TZ);
    const filtered = appointmentsPageSchema.parse(
      (await get(`/api/v1/appointments/paged?status=confirmed&from=${from}&to=${to}`, admin)).json(),
    );
    expect(filtered.content.length).toBeGreaterThan(0);
    for (const row of filtered.content) {
      expect(row.status).toBe('confirmed');
      expect(Date.parse(row.appointmentDate)).toBeGreaterThanOrEqual(fromLocal(from, 0, 0, TZ).getTime());
      expect(Date.parse(row.appointmentDate)).toBeLessThan(fromLocal(addDays(to, 1), 0, 0, TZ).getTime());
    }
    // A week of confirmed visits is well under 99 pages: counted exactly.
    expect(filtered.totalElements).toBeLessThan(MAX_TOTAL_PAGES * 6);

    const backwards = await get(`/api/v1/appointments/paged?from=${to}&to=${from}`, admin);
    expect(backwards.statusCode).toBe(400);
    expect(errorBodySchema.parse(backwards.json()).details?.[0]?.message).toBe('validation.rangeOrder');
  });

  it('jobs: this week and the next by default, any range up to 92 days, never all time', async () => {
    const week = defaultRange('thisAndNextWeek', todayIn(TZ));
    const start = fromLocal(week.from, 0, 0, TZ).getTime();
    const end = fromLocal(addDays(week.to, 1), 0, 0, TZ).getTime();
    for (const headers of [admin, employee]) {
      const jobs = jobSchema.array().parse((await get('/api/v1/schedules/jobs', headers)).json());
      expect(jobs.length).toBeGreaterThan(0);
      for (const job of jobs) {
        expect(Date.parse(job.startTime)).toBeGreaterThanOrEqual(start);
        expect(Date.parse(job.startTime)).toBeLessThan(end);
      }
    }
    const allTime = await get('/api/v1/schedules/jobs?from=1900-01-01&to=2100-12-31', admin);
    expect(allTime.statusCode).toBe(400);
    expect(errorBodySchema.parse(allTime.json()).details?.[0]).toEqual({
      path: 'querystring.to',
      message: 'validation.rangeTooLong',
    });
    const today = todayIn(TZ);
    const longest = await get(
      `/api/v1/schedules/jobs?from=${today}&to=${addDays(today, LIST_RANGE_MAX_DAYS - 1)}`,
      admin,
    );
    expect(longest.statusCode).toBe(200);
  });

  it('shifts and availabilities: from today, eight weeks by default; a range on request', async () => {
    const today = todayIn(TZ);
    const start = fromLocal(today, 0, 0, TZ).getTime();
    const shifts = scheduleSchema.array().parse((await get('/api/v1/schedules', admin)).json());
    const mine = availabilitySchema
      .array()
      .parse((await get('/api/v1/availabilities/my-availabilities', employee)).json());
    expect(shifts.length).toBeGreaterThan(0);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThanOrEqual(56);
    for (const shift of shifts) expect(Date.parse(shift.assignedDate)).toBeGreaterThanOrEqual(start);
    for (const day of mine) expect(day.day >= today).toBe(true);
    const lastMonth = availabilitySchema
      .array()
      .parse(
        (
          await get(`/api/v1/availabilities?from=${addDays(today, -30)}&to=${addDays(today, -1)}`, admin)
        ).json(),
      );
    expect(lastMonth).toHaveLength(25 * 30);
    expect(lastMonth.every((row) => row.day < today)).toBe(true);
  });

  /** Follows the `Link: <…>; rel="next"` headers of a keyset list to its end: the pages' lengths. */
  async function walk(url: string, headers: Record<string, string>) {
    const lengths: number[] = [];
    const ids = new Set<string>();
    let next: string | undefined = url;
    while (next) {
      const res = await get(next, headers);
      expect(res.statusCode).toBe(200);
      const rows = res.json<{ appointmentId?: string; feedbackId?: string }[]>();
      lengths.push(rows.length);
      for (const row of rows) ids.add(row.appointmentId ?? row.feedbackId ?? '');
      const link = res.headers.link;
      next = typeof link === 'string' ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
    }
    return { lengths, distinct: ids.size };
  }

  it("a customer's own appointments: 200 at a time, the next ones through the Link header", async () => {
    // The seed's first customer has 100,000 / 400 = 250 appointments.
    const { lengths, distinct } = await walk('/api/v1/appointments/my-appointments', customer);
    expect(lengths).toEqual([200, 50]);
    expect(distinct).toBe(250);
    expect((await walk('/api/v1/appointments/my-appointments?limit=100', customer)).lengths).toEqual([
      100, 100, 50,
    ]);
    const tooMany = await get('/api/v1/appointments/my-appointments?limit=501', customer);
    expect(tooMany.statusCode).toBe(400);
    const forged = await get('/api/v1/appointments/my-appointments?before=yesterday', customer);
    expect(forged.statusCode).toBe(400);
  });

  it('feedback: the newest 100 published for everyone; the admin pages through all of it', async () => {
    const published = await get('/api/v1/feedbacks?status=VISIBLE', {});
    expect(published.statusCode).toBe(200);
    expect(published.json<unknown[]>()).toHaveLength(100);
    // 1,000 pieces of feedback: five pages of 200.
    const { lengths, distinct } = await walk('/api/v1/feedbacks', admin);
    expect(lengths).toEqual([200, 200, 200, 200, 200]);
    expect(distinct).toBe(1000);
  });
});

describe(`people at ${PEOPLE.toLocaleString('en')} customers and accounts`, () => {
  const nextOf = (link: unknown) =>
    typeof link === 'string' ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;

  it('customers and accounts: a page of 50 with a next link, at most 200, never the whole table', async () => {
    for (const path of ['/api/v1/customers', '/api/v1/auth/users']) {
      const first = await get(path, admin);
      expect(first.statusCode).toBe(200);
      expect(first.json<unknown[]>()).toHaveLength(50);
      expect(first.rawPayload.length).toBeLessThan(64 * 1024);
      const second = await get(nextOf(first.headers.link) ?? '', admin);
      expect(second.statusCode).toBe(200);
      expect(second.json<unknown[]>()).toHaveLength(50);
      const most = await get(`${path}?limit=200`, admin);
      expect(most.json<unknown[]>()).toHaveLength(200);
      expect((await get(`${path}?limit=201`, admin)).statusCode).toBe(400);
    }
  });

  it('a search reads the index: accents and case aside, every word, a page at a time', async () => {
    // 2,000 Amélies, 2,500 Duponts: "amelie DUPONT" keeps the 500 with both (n ≡ 0 mod 10 and 2 mod 8).
    const res = await get('/api/v1/customers?q=amelie%20DUPONT&limit=200', admin);
    expect(res.statusCode).toBe(200);
    const found = customerSchema.array().parse(res.json());
    expect(found).toHaveLength(200);
    for (const row of found)
      expect([row.firstName, row.lastName.replace(/\d+$/, '')]).toEqual(['Amélie', 'Dupont']);
    expect(nextOf(res.headers.link)).toContain('q=amelie');
    const accounts = authUserSchema.array().parse((await get('/api/v1/auth/users?q=zoe', admin)).json());
    expect(accounts).toHaveLength(50);
    for (const row of accounts) expect(row.first_name).toBe('Zoé');
    // What PostgreSQL does: no scan of the whole table for a word of three letters or more.
    const [plan] = (
      await app.db.$client.query<{ 'QUERY PLAN': unknown }>(
        `explain (format json) select id from customers where search_text like '%' || eclat_fold('lefevre') || '%'
         order by sort_key, id limit 51`,
      )
    ).rows;
    expect(JSON.stringify(plan?.['QUERY PLAN'])).not.toContain('"Seq Scan"');
  });
});

describe('the PDF of 100,000 appointments', () => {
  it('is a whole PDF: every page, the count, and the oldest appointment on the last page', async () => {
    const res = await get('/api/v1/appointments/pdf?lang=en', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const task = getDocument({ data: new Uint8Array(res.rawPayload), verbosity: 0 });
    const pdf = await task.promise;
    const textOf = async (pageNumber: number) => {
      const content = await (await pdf.getPage(pageNumber)).getTextContent();
      return content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ');
    };
    // About 18 rows a page (the long dates take two lines).
    expect(pdf.numPages).toBeGreaterThan(APPOINTMENTS / 40);
    expect(pdf.numPages).toBeLessThan(APPOINTMENTS / 10);
    expect(await textOf(1)).toContain(`${APPOINTMENTS} appointments`);
    const lastPage = await textOf(pdf.numPages);
    expect(lastPage).toContain(`Page ${pdf.numPages}`);
    const [oldest] = (
      await app.db.$client.query<{ name: string }>(
        `select customer_first_name || ' ' || customer_last_name as name from appointments
         order by appointment_date, id limit 1`,
      )
    ).rows;
    expect(lastPage).toContain(oldest?.name);
    await task.destroy();
  }, 90_000);

  it('keeps to the filter it is given, and says so under the title', async () => {
    const today = todayIn(TZ);
    const res = await get(
      `/api/v1/appointments/pdf?lang=fr&status=cancelled&from=${addDays(today, -6)}&to=${today}`,
      admin,
    );
    expect(res.statusCode).toBe(200);
    const task = getDocument({ data: new Uint8Array(res.rawPayload), verbosity: 0 });
    const pdf = await task.promise;
    const content = await (await pdf.getPage(1)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(text).toContain('Annulé');
    expect(text).toContain(`du ${addDays(today, -6)}`);
    expect(text).not.toContain('Confirmé');
    await task.destroy();
  });

  /** The connections PDF workers hold now. */
  const pdfConnections = async () =>
    (
      await app.db.$client.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity where application_name = $1`,
        [PDF_CONNECTION_NAME],
      )
    ).rows[0]?.count ?? -1;

  /** Polls `value` until it is `expected` or 20 s have passed; returns the last value read. */
  const settlesAt = async (value: () => Promise<number>, expected: number) => {
    const deadline = Date.now() + 20_000;
    let last = await value();
    while (last !== expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      last = await value();
    }
    return last;
  };

  it('is drawn in a thread of its own, which stops and frees its connection when the client goes away', async () => {
    // Listening for this test and those after it; the app is closed after the file.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    // The PDFs drawn above have ended; their connections close a moment later.
    expect(await settlesAt(pdfConnections, 0)).toBe(0);
    const abort = new AbortController();
    onTestFinished(() => {
      abort.abort();
    });
    const res = await fetch(`${address}/api/v1/appointments/pdf?lang=en`, {
      headers: admin,
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(
      Buffer.from(first?.value ?? [])
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    // Drawing: one thread, one connection of its own (100,000 rows take far longer than this test).
    expect(pdfThreads().running).toBe(1);
    expect(await settlesAt(pdfConnections, 1)).toBe(1);
    abort.abort();
    expect(await settlesAt(() => Promise.resolve(pdfThreads().running), 0)).toBe(0);
    expect(await settlesAt(pdfConnections, 0)).toBe(0);
  });

  it(`draws ${PDF_THREADS} at a time: the others wait their turn, and every one is whole`, async () => {
    const today = todayIn(TZ);
    const count = PDF_THREADS + 2;
    let mostAtOnce = 0;
    let mostWaiting = 0;
    const watching = setInterval(() => {
      mostAtOnce = Math.max(mostAtOnce, pdfThreads().running);
      mostWaiting = Math.max(mostWaiting, pdfThreads().waiting);
    }, 1);
    const answers = await Promise.all(
      Array.from({ length: count }, () =>
        get(`/api/v1/appointments/pdf?lang=en&from=${addDays(today, -30)}&to=${today}`, admin),
      ),
    );
    clearInterval(watching);
    expect(mostAtOnce).toBe(PDF_THREADS);
    expect(mostWaiting).toBeGreaterThan(0);
    const sizes = new Set<number>();
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      const task = getDocument({ data: new Uint8Array(res.rawPayload), verbosity: 0 });
      sizes.add((await task.promise).numPages);
      await task.destroy();
    }
    // The same filter: the same number of pages each time.
    expect(sizes.size).toBe(1);
    expect(pdfThreads()).toEqual({ running: 0, waiting: 0 });
  }, 90_000);
});

describe('the owner and the exports at 100,000 appointments', () => {
  // Its speed is shown by `npm run bench:overview-payments` beside a reference, never by a timer here.
  it('the overview answers at this volume, from aggregates over the weeks it shows', async () => {
    const res = await get('/api/v1/admin/overview', admin);
    expect(res.statusCode).toBe(200);
    const overview = overviewSchema.parse(res.json());
    expect(overview.weeks).toHaveLength(12);
    // The seed writes at least 10 visits a day up to 60 days ahead, a job on each visit not cancelled.
    expect(overview.thisWeek.visits).toBeGreaterThan(0);
    expect(overview.utilisation.length).toBeGreaterThan(0);
    expect(overview.topServices[0]?.title).toBe('Standard Home Cleaning');
  });

  it('the CSV of every appointment streams whole: the BOM, a header and one line each', async () => {
    const res = await get('/api/v1/admin/exports/appointments.csv', admin);
    expect(res.statusCode).toBe(200);
    const parsed = parseCsv(res.rawPayload.toString('utf8'));
    expect(parsed.hasBom).toBe(true);
    const records = csvRecords(parsed);
    expect(records).toHaveLength(APPOINTMENTS);
    expect(new Set(records.map((record) => record['Appointment ID'])).size).toBe(APPOINTMENTS);
  }, 90_000);
});
