/**
 * Operations at business scale, in process: the real app (real guards with a token signed by the embedded
 * provider's own key) on an embedded PostgreSQL filled with years of work (`apps/api/test/volume.ts`,
 * set-based: a million appointments in under a minute). Prints, for the staff screens, the median and
 * worst of a few runs, the answer's size, and for the PDF of every appointment (fetched over a real HTTP
 * connection and read as a stream, like a browser) its time, size, the rise of resident memory, the
 * longest event-loop stall, and the slowest table page asked for meanwhile. Ends with the Markdown table
 * of decision 024. Figures only, never a pass/fail threshold.
 * Run: `npm run bench:operations [appointments=6000]`.
 */
import os from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { addDays, todayIn } from '@eclat/shared';
import { seedVolume } from '../apps/api/test/volume.ts';
import { startBenchApp, summarise } from './support/bench-app.ts';

const APPOINTMENTS = Number(process.argv[2] ?? 6000);
const CUSTOMERS = 400;
const EMPLOYEES = 25;
/** Customer records and user accounts of their own (decision 024: searched and paged on the server). */
const PEOPLE = 100_000;
const RUNS = 9;
/** The PDF of a large table takes minutes: once is enough there. */
const PDF_RUNS = APPOINTMENTS > 20_000 ? 1 : 3;

const { app, config, adminHeaders, stop } = await startBenchApp('ops', { SLOT_CAPACITY: '50' });
const rows: string[] = [];

try {
  const seedStarted = performance.now();
  await seedVolume(app.db.$client, {
    appointments: APPOINTMENTS,
    customers: CUSTOMERS,
    employees: EMPLOYEES,
    shiftDays: 365,
    people: PEOPLE,
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const sql = app.db.$client;
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
      `${name.padEnd(52)} ${String(status).padStart(3)}  median ${median.toFixed(1).padStart(7)} ms  worst ${worst
        .toFixed(1)
        .padStart(7)} ms  ${(bytes / 1024).toFixed(1).padStart(8)} KiB`,
    );
    rows.push(
      `| ${name} | ${status} | ${median.toFixed(1)} ms | ${worst.toFixed(1)} ms | ${(bytes / 1024).toFixed(1)} KiB |`,
    );
  }

  console.log(
    `${counts.rows[0]?.appointments ?? 0} appointments, ${CUSTOMERS} customers, ${EMPLOYEES} employees, ` +
      `${counts.rows[0]?.jobs ?? 0} jobs (written in ${seedSeconds.toFixed(1)} s); ${RUNS} runs each\n`,
  );
  const today = todayIn(config.businessTimeZone);
  await measure('appointments table, first page', 'GET', '/api/v1/appointments/paged?page=0&size=6');
  await measure(
    'appointments table, page 98 (last one shown)',
    'GET',
    '/api/v1/appointments/paged?page=98&size=6',
  );
  await measure(
    'appointments table, confirmed only, page 98',
    'GET',
    '/api/v1/appointments/paged?page=98&size=6&status=confirmed',
  );
  await measure(
    'appointments table, one month, first page',
    'GET',
    `/api/v1/appointments/paged?page=0&size=6&from=${addDays(today, -30)}&to=${today}`,
  );
  await measure("the owner's overview (14 weeks of aggregates)", 'GET', '/api/v1/admin/overview');
  await measure(
    'CSV of the appointments of the last 30 days',
    'GET',
    `/api/v1/admin/exports/appointments.csv?from=${addDays(today, -29)}&to=${today}`,
  );
  await measure('jobs of everyone, default (this week and next)', 'GET', '/api/v1/schedules/jobs');
  await measure(`jobs of everyone from today (two weeks)`, 'GET', `/api/v1/schedules/jobs?from=${today}`);
  await measure(
    'jobs of everyone, the longest range (92 days)',
    'GET',
    `/api/v1/schedules/jobs?from=${today}&to=${addDays(today, 91)}`,
  );
  await measure(
    'jobs of everyone, all time (refused: 400)',
    'GET',
    `/api/v1/schedules/jobs?from=1900-01-01&to=2100-12-31`,
  );
  await measure(`customers (${PEOPLE.toLocaleString('en')}), first page of 50`, 'GET', '/api/v1/customers');
  await measure('customers, search "amelie dupont"', 'GET', '/api/v1/customers?q=amelie%20dupont');
  await measure('customers, search "zq" (no match, too short for trigrams)', 'GET', '/api/v1/customers?q=zq');
  await measure('customers, search "nobody" (no match)', 'GET', '/api/v1/customers?q=nobody');
  await measure('user accounts, search "zoe"', 'GET', '/api/v1/auth/users?q=zoe');
  await measure('assigned shifts, default (from today, 8 weeks)', 'GET', '/api/v1/schedules');
  await measure('availabilities, default (from today, 8 weeks)', 'GET', '/api/v1/availabilities');
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

  // What PostgreSQL does for the table (decision 024): the index read backwards, no sort, no full count.
  const plans = {
    'page 98': `select * from appointments order by appointment_date desc, id desc limit 6 offset 588`,
    'capped count': `select count(*) from (select 1 from appointments limit 595) capped`,
    'confirmed, page 98': `select * from appointments where status = 'confirmed' order by appointment_date desc, id desc limit 6 offset 588`,
    'confirmed, capped count': `select count(*) from (select 1 from appointments where status = 'confirmed' limit 595) capped`,
  };
  console.log('');
  for (const [name, query] of Object.entries(plans)) {
    const plan = await sql.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${query}`);
    const lines = plan.rows.map((row) => row['QUERY PLAN']);
    const scans = lines
      .filter((line) => /Scan|Sort/.test(line))
      .map((line) => line.replace(/^\s*(->\s*)?/, '').replace(/\s*\(actual.*$/, ''));
    const time = lines.find((line) => line.startsWith('Execution Time'));
    console.log(`EXPLAIN ${name.padEnd(24)} ${scans.join('; ')}; ${time ?? ''}`);
  }
  console.log('');

  // The PDF over a real connection, read as it comes (nothing keeps the whole file), while a table page
  // is asked for every 100 ms: what another user waits while the PDF is made.
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  for (let run = 0; run < PDF_RUNS; run += 1) {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    // The longest garbage collection meanwhile: a stall that is the collector's, not the drawing's.
    let longestGc = 0;
    const gcWatch = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longestGc = Math.max(longestGc, entry.duration);
    });
    gcWatch.observe({ entryTypes: ['gc'] });
    // The longest the event loop was held counted in the main thread's own CPU time: on a shared
    // machine a stall in wall time is also the time the process waited for a core; this one is not.
    let cpuStall = 0;
    let lastCpu = process.threadCpuUsage();
    const cpuWatch = setInterval(() => {
      const cpu = process.threadCpuUsage();
      cpuStall = Math.max(cpuStall, (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000);
      lastCpu = cpu;
    }, 1);
    const others: number[] = [];
    const pdfState = { isDone: false };
    const other = (async () => {
      while (!pdfState.isDone) {
        const started = performance.now();
        await fetch(`${address}/api/v1/appointments/paged?page=3&size=6`, { headers }).then((res) =>
          res.arrayBuffer(),
        );
        others.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const res = await fetch(`${address}/api/v1/appointments/pdf?lang=en`, { headers });
    const firstByte = performance.now() - started;
    let bytes = 0;
    let head = '';
    let tail = '';
    if (!res.body) throw new Error('The PDF has no body.');
    const reader: ReadableStreamDefaultReader<Uint8Array> = res.body.getReader();
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      const value: Uint8Array = chunk.value;
      if (bytes === 0) head = Buffer.from(value.subarray(0, 5)).toString('latin1');
      tail = Buffer.from(value.subarray(-6)).toString('latin1');
      bytes += value.length;
    }
    const seconds = (performance.now() - started) / 1000;
    // How much of a core this process had (the machine is shared): far below 1, stalls are the machine's.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuShare = (cpu.user + cpu.system) / 1e6 / seconds;
    const load = os.loadavg()[0] ?? 0;
    pdfState.isDone = true;
    await other;
    loopDelay.disable();
    gcWatch.disconnect();
    clearInterval(cpuWatch);
    clearInterval(sampler);
    const memory = (peak - before) / 1024 / 1024;
    const stall = loopDelay.max / 1e6;
    const { median: otherMedian, worst: otherWorst } = summarise(others);
    const valid = head === '%PDF-' && tail.includes('%%EOF');
    console.log(
      `PDF of all ${APPOINTMENTS} appointments                ${res.status}  ${seconds.toFixed(1)} s (first byte ${firstByte.toFixed(0)} ms)  ` +
        `${(bytes / 1024 / 1024).toFixed(1)} MiB${valid ? '' : ' (NOT A WHOLE PDF)'}; memory +${memory.toFixed(0)} MiB; ` +
        `longest event-loop stall ${stall.toFixed(0)} ms (longest GC ${longestGc.toFixed(0)} ms; ${cpuStall.toFixed(0)} ms of the main thread's CPU); a table page meanwhile: median ${otherMedian.toFixed(0)} ms, worst ${otherWorst.toFixed(0)} ms; ` +
        `CPU ${(cpuShare * 100).toFixed(0)}% of a core, load average ${load.toFixed(1)} on ${os.availableParallelism()} cores`,
    );
    rows.push(
      `| PDF of all ${APPOINTMENTS.toLocaleString('en')} appointments | ${res.status} | ${seconds.toFixed(1)} s (first byte ${firstByte.toFixed(0)} ms) | stall ${stall.toFixed(0)} ms (GC ${longestGc.toFixed(0)} ms; ${cpuStall.toFixed(0)} ms of CPU), memory +${memory.toFixed(0)} MiB, a table page meanwhile ${otherMedian.toFixed(0)} / ${otherWorst.toFixed(0)} ms, CPU ${(cpuShare * 100).toFixed(0)}% of a core at load ${load.toFixed(1)} | ${(bytes / 1024 / 1024).toFixed(1)} MiB |`,
    );
  }

  console.log(
    `\n| request (${APPOINTMENTS.toLocaleString('en')} appointments) | status | median | worst | size |`,
  );
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await stop();
}
