import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { freePort } from '../src/lib/free-port.ts';
import { appointmentEmailData } from './factories.ts';
import { buildApp } from '../src/app.ts';
import { createTestDatabase, testConfig } from './helpers.ts';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver.ts';

/**
 * Decision 022's one window, shown with a real crash: the server is killed (SIGKILL) after the mail
 * server has the message and before it answered, so the delivery is never recorded. The restarted server
 * sends it again with the same Message-ID: at least once, and the duplicate is detectable.
 */
const SERVER = path.join(REPO_ROOT, 'apps/api/src/server.ts');
const children: ChildProcess[] = [];
const receivers: SmtpReceiver[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(receivers.map((smtp) => smtp.close()));
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function startServer(databaseUrl: string, smtpUrl: string, dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SMTP_URL: smtpUrl,
      EMAIL_RETRY_DELAY_SECONDS: '1',
      JOB_POLL_SECONDS: '1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/ready`)).status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become ready:\n${output}`);
}

const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];

describe('email across a crash', () => {
  it('sends again, with the same Message-ID, a message whose sender was killed before the mail server answered', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-email-crash-'));
    dirs.push(dataDir);
    const databaseUrl = await createTestDatabase();
    let victim: ChildProcess | undefined;
    const smtp = await startSmtpReceiver(0, {
      // The first message arrives whole; its sender dies before the 250 reaches it.
      beforeAccept: () => {
        if (victim?.exitCode === null) victim.kill('SIGKILL');
      },
    });
    receivers.push(smtp);

    victim = await startServer(databaseUrl, smtp.url, dataDir);
    // A job committed by another process (web-only), as a booking queues its confirmation.
    const writer = await buildApp(testConfig({ JOBS_ENABLED: 'false' }), { databaseUrl });
    await writer.jobs.enqueue('email', {
      to: 'crash@example.com',
      locale: 'en',
      message: { template: 'booking-confirmation', data: appointmentEmailData() },
    });
    await writer.close();

    // The victim fetched it, sent it, and was killed mid-answer. (A process killed by a signal keeps a
    // null exitCode: its signalCode says it is gone, and its 'exit' may have fired already.)
    await smtp.waitFor(1, 30_000);
    await new Promise<void>((resolve) => {
      if (victim?.exitCode !== null || victim.signalCode !== null) resolve();
      else
        victim.once('exit', () => {
          resolve();
        });
    });
    victim = undefined;

    // Restarted, the server finds the job its dead worker held and sends it again.
    await startServer(databaseUrl, smtp.url, dataDir);
    // A heartbeat goes silent, the next supervision (10 s) fails the job, a retry sends it: well under
    // the bound, which leaves room for a loaded machine.
    await smtp.waitFor(2, 180_000);
    const ids = smtp.raw.map(messageIdOf);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBeDefined();
    expect(ids[1]).toBe(ids[0]);
    // Recorded once, by the attempt that was answered; nothing more goes out.
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    try {
      await expect
        .poll(
          async () =>
            (await check.query<{ n: number }>('select count(*)::int as n from email_deliveries')).rows[0]?.n,
          { timeout: 15_000 },
        )
        .toBe(1);
    } finally {
      await check.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(smtp.raw).toHaveLength(2);
  }, 300_000);
});
