/**
 * HTTP load on loopback: starts the real server (production build if present, embedded PostgreSQL, demo
 * content) on a free port with a fresh data folder, sends a bounded number of requests with fixed
 * concurrency to the public endpoints, and prints throughput and latency percentiles. Figures only: it
 * never fails on a threshold. Run: `node bench/http-load.ts [seconds per endpoint=5] [concurrency=16]`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/api/src/lib/free-port.ts';

const seconds = Number(process.argv[2] ?? 5);
const concurrency = Number(process.argv[3] ?? 16);
const MAX_REQUESTS = 50_000;

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-bench-'));
const server = spawn(process.execPath, [path.join(import.meta.dirname, '../apps/api/src/server.ts')], {
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    PUBLIC_URL: base,
  },
  stdio: 'ignore',
});

async function waitReady() {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${base}/api/v1/ready`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function load(name: string, url: string) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && latencies.length + errors < MAX_REQUESTS) {
      const started = performance.now();
      try {
        const res = await fetch(url, { headers: { 'accept-encoding': 'gzip, br' } });
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - started);
        else errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(28)} ${String(Math.round(latencies.length / elapsed)).padStart(6)} req/s   p50 ${percentile(latencies, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(latencies, 95).toFixed(1).padStart(6)} ms   p99 ${percentile(latencies, 99).toFixed(1).padStart(6)} ms   errors ${errors}`,
  );
}

try {
  await waitReady();
  const date = new Date(Date.now() + 14 * 24 * 3600_000).toISOString().slice(0, 10);
  console.log(
    `${os.cpus().length} cores, ${concurrency} concurrent, ${seconds} s per endpoint, Node ${process.version}\n`,
  );
  await load('GET /api/v1/health', `${base}/api/v1/health`);
  await load('GET /api/v1/services', `${base}/api/v1/services`);
  await load('GET /api/v1/feedbacks VISIBLE', `${base}/api/v1/feedbacks?status=VISIBLE`);
  await load('GET /api/v1/slots', `${base}/api/v1/slots?date=${date}`);
  await load('GET / (index.html)', `${base}/`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await fs.rm(dataDir, { recursive: true, force: true });
}
