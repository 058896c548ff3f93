/**
 * Read throughput as a ratio to the limit: our server (production mode, demo content, logging at info to a
 * file) against a bare Fastify in its own process serving the same bytes from memory (`bare-server.ts`).
 * Runs alternate between the two, per endpoint, with autocannon on loopback (50 connections, a few
 * seconds each); the figure is the median of the rounds. On Linux each run also reads the server process's
 * CPU time (`/proc/<pid>/stat`), so the CPU spent per request is shown too: on a shared machine it moves
 * far less than requests per second, which depend on what else is running. Figures only, never a
 * pass/fail threshold.
 * Run: `npm run bench:reads [seconds per run=3] [rounds=3]`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../apps/api/src/lib/free-port.ts';

const seconds = Number(process.argv[2] ?? 3);
const rounds = Number(process.argv[3] ?? 3);
const CONNECTIONS = 50;
const ENDPOINTS = [
  { path: '/api/v1/health', goal: 0.6 },
  { path: '/api/v1/services', goal: 0.5 },
  { path: '/api/v1/feedbacks?status=VISIBLE', goal: 0.5 },
];

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-bench-reads-'));
const children: ChildProcess[] = [];

type Server = { base: string; pid: number | undefined };

async function startOurs(): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = await fs.open(path.join(dataDir, 'server.log'), 'w');
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '../apps/api/src/server.ts')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PUBLIC_URL: base,
    },
    stdio: ['ignore', log.fd, log.fd],
  });
  await log.close();
  children.push(child);
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`our server exited; see ${dataDir}/server.log`);
    try {
      if ((await fetch(`${base}/api/v1/ready`)).ok) return { base, pid: child.pid };
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('our server did not start');
}

async function startBare(bodies: Record<string, { type: string; body: string }>): Promise<Server> {
  const file = path.join(dataDir, 'bodies.json');
  await fs.writeFile(file, JSON.stringify(bodies));
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.ts'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const port = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', () => {
      reject(new Error('the bare server exited'));
    });
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid };
}

const TICKS_PER_SECOND = 100; // USER_HZ, the unit of /proc/<pid>/stat's times on Linux

/** User and system CPU time of a process so far, in microseconds; undefined where /proc is missing. */
async function cpuMicros(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (in parentheses, which may hold spaces): utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
  } catch {
    return undefined;
  }
}

type Run = { requestsPerSecond: number; p99: number; failures: number; cpuPerRequest: number | undefined };

async function load(server: Server, url: string, duration: number): Promise<Run> {
  const before = await cpuMicros(server.pid);
  const result = await autocannon({ url: `${server.base}${url}`, connections: CONNECTIONS, duration });
  const after = await cpuMicros(server.pid);
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    cpuPerRequest:
      before === undefined || after === undefined || result.requests.total === 0
        ? undefined
        : (after - before) / result.requests.total,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
/** The median CPU time per request of the runs, in µs, when it could be read. */
const cpuOf = (runs: Run[]) => {
  const values = runs.flatMap((run) => (run.cpuPerRequest === undefined ? [] : [run.cpuPerRequest]));
  return values.length === runs.length ? median(values) : undefined;
};

try {
  const ours = await startOurs();
  const bodies: Record<string, { type: string; body: string }> = {};
  for (const { path: url } of ENDPOINTS) {
    const res = await fetch(`${ours.base}${url}`);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    bodies[url] = {
      type: res.headers.get('content-type') ?? 'application/json',
      body: Buffer.from(await res.arrayBuffer()).toString('base64'),
    };
  }
  const bare = await startBare(bodies);

  console.log(
    `${os.cpus().length} cores (${os.loadavg()[0]?.toFixed(1)} load), ${CONNECTIONS} connections, ${seconds} s per run, ${rounds} rounds alternating, Node ${process.version}\n`,
  );
  const rows = [];
  for (const endpoint of ENDPOINTS) {
    // Warm both (JIT, caches) before measuring.
    await load(ours, endpoint.path, 1);
    await load(bare, endpoint.path, 1);
    const mine: Run[] = [];
    const theirs: Run[] = [];
    for (let round = 0; round < rounds; round += 1) {
      // Alternate which goes first, so a slow moment of the shared machine is not always on one side.
      if (round % 2 === 0) {
        mine.push(await load(ours, endpoint.path, seconds));
        theirs.push(await load(bare, endpoint.path, seconds));
      } else {
        theirs.push(await load(bare, endpoint.path, seconds));
        mine.push(await load(ours, endpoint.path, seconds));
      }
    }
    const oursRate = median(mine.map((run) => run.requestsPerSecond));
    const bareRate = median(theirs.map((run) => run.requestsPerSecond));
    const oursCpu = cpuOf(mine);
    const bareCpu = cpuOf(theirs);
    rows.push({
      endpoint: `GET ${endpoint.path}`,
      bytes: Buffer.from(bodies[endpoint.path]?.body ?? '', 'base64').length,
      'ours req/s': Math.round(oursRate),
      'bare req/s': Math.round(bareRate),
      ratio: `${(oursRate / bareRate).toFixed(2)}×`,
      goal: `≥ ${endpoint.goal}×`,
      'ours CPU µs/req': oursCpu === undefined ? '-' : Math.round(oursCpu),
      'bare CPU µs/req': bareCpu === undefined ? '-' : Math.round(bareCpu),
      'CPU ratio': oursCpu && bareCpu ? `${(bareCpu / oursCpu).toFixed(2)}×` : '-',
      'ours p99 ms': median(mine.map((run) => run.p99)),
      failures: [...mine, ...theirs].reduce((sum, run) => sum + run.failures, 0),
    });
  }
  console.table(rows);
} finally {
  for (const child of children) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  await fs.rm(dataDir, { recursive: true, force: true });
}
