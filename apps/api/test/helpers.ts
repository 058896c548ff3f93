import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig, type Env } from '../src/config.ts';

/**
 * Creates a fresh database for one test file, copied from the migrated template (a few milliseconds).
 * The global setup passes its name through `process.pid` of the runner so an external server can be cleaned.
 */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const runnerPid = template.split('_')[2] ?? String(process.pid);
  const name = `eclat_test_${runnerPid}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function testConfig(overrides: Env = {}): AppConfig {
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATA_DIR: path.join(os.tmpdir(), 'eclat-api-test-data'),
      WEB_DIST_DIR: path.join(os.tmpdir(), 'eclat-no-web-build'),
      ...overrides,
    },
    process.cwd(),
  );
}

/** The real app on a fresh database of its own. Close it in `afterAll`. */
export async function buildTestApp(overrides: Env = {}) {
  const databaseUrl = await createTestDatabase();
  const app = await buildApp(testConfig(overrides), { databaseUrl });
  return Object.assign(app, { databaseUrl });
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * Builds the real app on a fresh database of its own before the file's tests (handing it to `onBuilt`)
 * and closes it after them. Call it at the top level of a test file.
 */
export function useTestApp(onBuilt: (app: TestApp) => void, overrides: Env = {}): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await buildTestApp(overrides);
    onBuilt(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}

/**
 * Resolves once no job of these queues is waiting, due for a retry or being run: each one was done (an
 * email's message is in the receiver, or its file written, before its job completes) or failed for good,
 * so nothing more can follow from what was queued so far. Waits on the queue itself rather than for a
 * moment; list a queue before the one its jobs feed (`password-reset` queues an `email`).
 */
export async function jobsSettled(
  client: pg.Pool | pg.Client,
  queues: readonly string[],
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = any($1) and state in ('created', 'retry', 'active')`,
      [queues],
    );
    if (rows[0]?.n === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${String(rows[0]?.n)} job(s) of ${queues.join(', ')} still open`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once every email queued so far was delivered or failed for good (`jobsSettled`). */
export function emailQueueSettled(client: pg.Pool | pg.Client, timeoutMs = 30_000): Promise<void> {
  return jobsSettled(client, ['email'], timeoutMs);
}

/**
 * Polls until `check` holds (every 20 ms), or throws after `timeoutMs`. The bound is for a loaded
 * machine, never a speed claim: speed is shown by the benchmarks under bench/.
 */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not seen within ${String(timeoutMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
