import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { appointmentEmailData } from './factories.ts';
import { buildApp } from '../src/app.ts';
import { createTestDatabase, emailQueueSettled, testConfig } from './helpers.ts';
import { killServerProcesses, startReadyServer, type ServerProcess } from './server-process.ts';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver.ts';

/**
 * Decision 022's one window, shown with a real crash: the server is killed (SIGKILL) after the mail
 * server has the message and before it answered, so the delivery is never recorded. The restarted server
 * sends it again with the same Message-ID: at least once, and the duplicate is detectable.
 */
const receivers: SmtpReceiver[] = [];
const dirs: string[] = [];

afterAll(async () => {
  await killServerProcesses();
  await Promise.all(receivers.map((smtp) => smtp.close()));
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

const startServer = (databaseUrl: string, smtpUrl: string, dataDir: string) =>
  startReadyServer({
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SMTP_URL: smtpUrl,
    EMAIL_RETRY_DELAY_SECONDS: '1',
    JOB_POLL_SECONDS: '1',
    // The silent heartbeat is found at the next check of the queue: each second here (60 s by default).
    JOB_MONITOR_SECONDS: '1',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });

const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];

describe('email across a crash', () => {
  it('sends again, with the same Message-ID, a message whose sender was killed before the mail server answered', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-email-crash-'));
    dirs.push(dataDir);
    const databaseUrl = await createTestDatabase();
    let victim: ServerProcess | undefined;
    const smtp = await startSmtpReceiver(0, {
      // The first message arrives whole; its sender dies before the 250 reaches it.
      beforeAccept: () => {
        if (victim && !victim.gone()) victim.child.kill('SIGKILL');
      },
    });
    receivers.push(smtp);

    victim = await startServer(databaseUrl, smtp.url, dataDir);
    // A job committed by another process (web-only), as a booking queues its confirmation.
    // Its queue settings are the servers' (the last process to start sets the queue's retry delay).
    const writer = await buildApp(testConfig({ JOBS_ENABLED: 'false', EMAIL_RETRY_DELAY_SECONDS: '1' }), {
      databaseUrl,
    });
    await writer.jobs.enqueue('email', {
      to: 'crash@example.com',
      locale: 'en',
      message: { template: 'booking-confirmation', data: appointmentEmailData() },
    });
    await writer.close();

    // The victim fetched it, sent it, and was killed mid-answer.
    await smtp.waitFor(1, 30_000);
    expect(await victim.exited).toBeNull(); // ended by the signal, not by itself
    victim = undefined;

    // Restarted, the server finds the job its dead worker held and sends it again.
    await startServer(databaseUrl, smtp.url, dataDir);
    // A heartbeat goes silent (10 s), the next check of the queue fails the job, a retry sends it: well
    // under the bound, which leaves room for a loaded machine.
    await smtp.waitFor(2, 180_000);
    const ids = smtp.raw.map(messageIdOf);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBeDefined();
    expect(ids[1]).toBe(ids[0]);
    // Recorded once, by the attempt that was answered; nothing more goes out: the job is settled.
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
      await emailQueueSettled(check);
    } finally {
      await check.end();
    }
    expect(smtp.raw).toHaveLength(2);
  }, 300_000);
});
