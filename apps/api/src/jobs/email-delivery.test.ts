import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import PostalMime from 'postal-mime';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { createMailer } from '../mail/mailer.ts';
import { customers } from '../db/schema/index.ts';
import { appointmentEmailData } from '../../test/factories.ts';
import { createTestDatabase, emailQueueSettled, testConfig } from '../../test/helpers.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver.ts';
import type { Env } from '../config.ts';

type App = Awaited<ReturnType<typeof buildApp>>;
const apps: App[] = [];
const receivers: SmtpReceiver[] = [];

async function startApp(databaseUrl: string, env: Env) {
  const app = await buildApp(
    testConfig({ JOB_POLL_SECONDS: '0.5', EMAIL_RETRY_DELAY_SECONDS: '1', ...env }),
    {
      databaseUrl,
    },
  );
  await app.ready();
  apps.push(app);
  return app;
}

async function receiver(port?: number) {
  const smtp = await startSmtpReceiver(port);
  receivers.push(smtp);
  return smtp;
}

const confirmation = (to = 'amelie@example.com', locale: 'en' | 'fr' = 'fr') => ({
  to,
  locale,
  message: { template: 'booking-confirmation' as const, data: appointmentEmailData() },
});

async function jobStates(app: App) {
  const { rows } = await app.db.execute<{ state: string }>(
    sql`select state from pgboss.job where name = 'email'`,
  );
  return rows.map((row) => row.state);
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(receivers.splice(0).map((smtp) => smtp.close()));
});
afterAll(async () => {
  await Promise.all(receivers.map((smtp) => smtp.close()));
});

describe('email through the job queue', () => {
  it('delivers a French booking confirmation over SMTP with text, HTML and a calendar invitation', async () => {
    const smtp = await receiver();
    const app = await startApp(await createTestDatabase(), { SMTP_URL: smtp.url });

    await app.jobs.transaction(async (tx) => {
      await tx.enqueue('email', confirmation());
    });
    const [email] = await smtp.waitFor(1);
    expect(email?.subject).toBe('Votre ménage Éclat est réservé pour le mardi 9 mars 2027 à 9 h 00');
    expect(email?.to?.[0]?.address).toBe('amelie@example.com');
    expect(email?.text).toContain('Bonjour Amélie,');
    expect(email?.html).toContain('<html lang="fr">');
    // The subject travels as an encoded word, so non-ASCII letters survive any mail server.
    expect(smtp.raw[0]).toMatch(/^Subject: =\?UTF-8\?/m);

    const invite = email?.attachments.find((attachment) => attachment.filename === 'appointment.ics');
    expect(invite?.mimeType).toBe('text/calendar');
    const content =
      typeof invite?.content === 'string' ? invite.content : new TextDecoder().decode(invite?.content);
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(content) as unknown[]).getFirstSubcomponent('vevent') ?? undefined,
    );
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-03-09T14:00:00.000Z');
  });

  it('retries while the mail server is down and delivers exactly once when it is back', async () => {
    const probe = await startSmtpReceiver();
    const port = probe.port;
    await probe.close(); // nothing listens on this port now
    const app = await startApp(await createTestDatabase(), { SMTP_URL: `smtp://127.0.0.1:${port}` });

    await app.jobs.enqueue('email', confirmation('down@example.com', 'en'));
    // Wait for at least one failed attempt.
    await expect
      .poll(
        async () =>
          (
            await app.db.execute<{ n: number }>(
              sql`select max(retry_count)::int as n from pgboss.job where name='email'`,
            )
          ).rows[0]?.n,
        {
          timeout: 15_000,
          interval: 200,
        },
      )
      .toBeGreaterThanOrEqual(1);

    const smtp = await receiver(port);
    await smtp.waitFor(1, 30_000);
    await expect.poll(() => jobStates(app), { timeout: 15_000 }).toEqual(['completed']);
    // Settled: no attempt can follow, and none sent a duplicate.
    await emailQueueSettled(app.db.$client);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.subject).toBe(
      'Your Éclat cleaning is booked for Tuesday, March 9, 2027 at 9:00 a.m.',
    );
  });

  it('sends nothing for a transaction that rolls back, and sends for one that commits', async () => {
    const smtp = await receiver();
    const app = await startApp(await createTestDatabase(), { SMTP_URL: smtp.url });

    await expect(
      app.jobs.transaction(async (tx) => {
        await tx.db.insert(customers).values({
          firstName: 'Ro',
          lastName: 'Llback',
          email: 'ro@example.com',
          phoneNumber: '416-555-0101',
        });
        await tx.enqueue('email', confirmation('ro@example.com', 'en'));
        throw new Error('the booking failed after the email was queued');
      }),
    ).rejects.toThrow('the booking failed');

    expect(await app.db.$count(customers)).toBe(0);
    expect(await jobStates(app)).toEqual([]);

    await app.jobs.transaction(async (tx) => {
      await tx.db
        .insert(customers)
        .values({ firstName: 'Co', lastName: 'Mmit', email: 'co@example.com', phoneNumber: '416-555-0102' });
      await tx.enqueue('email', confirmation('co@example.com', 'en'));
    });
    await smtp.waitFor(1);
    await emailQueueSettled(app.db.$client);
    expect(smtp.messages.map((m) => m.to?.[0]?.address)).toEqual(['co@example.com']);
  });

  it('delivers a committed job after the process that wrote it died before sending', async () => {
    const smtp = await receiver();
    const databaseUrl = await createTestDatabase();
    // The first process has no workers: it commits the job and stops, as if killed right after the commit.
    const writer = await startApp(databaseUrl, { SMTP_URL: smtp.url, JOBS_ENABLED: 'false' });
    await writer.jobs.transaction(async (tx) => {
      await tx.enqueue('email', confirmation('later@example.com', 'en'));
    });
    // It has no worker to send it with: the job waits, untouched.
    expect(writer.jobs.health()).toEqual({ workers: 'off' });
    expect(await jobStates(writer)).toEqual(['created']);
    expect(smtp.messages).toHaveLength(0);
    await writer.close();
    apps.splice(apps.indexOf(writer), 1);

    // The restarted server picks it up.
    await startApp(databaseUrl, { SMTP_URL: smtp.url });
    const [email] = await smtp.waitFor(1);
    expect(email?.to?.[0]?.address).toBe('later@example.com');
  });

  it('keeps a job that ran out of retries as failed, with its error, for the admin list', async () => {
    const probe = await startSmtpReceiver();
    const port = probe.port;
    await probe.close();
    const app = await startApp(await createTestDatabase(), {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      EMAIL_RETRY_LIMIT: '1',
    });
    await app.jobs.enqueue('email', confirmation('nobody@example.com', 'en'));
    await expect.poll(() => jobStates(app), { timeout: 20_000, interval: 250 }).toEqual(['failed']);
    const failed = await app.jobs.listFailed();
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      queue: 'email',
      summary: 'booking-confirmation to nobody@example.com',
      attempts: 2,
    });
    expect(failed[0]?.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('refuses a payload that does not match its template, before anything is written', async () => {
    const app = await startApp(await createTestDatabase(), { SMTP_URL: 'smtp://127.0.0.1:1' });
    await expect(
      app.jobs.transaction(async (tx) => {
        await tx.enqueue('email', { to: 'not-an-email', locale: 'en', message: confirmation().message });
      }),
    ).rejects.toThrow();
    expect(await jobStates(app)).toEqual([]);
  });

  it('wakes the workers of another process at once and drains a burst sent at once, each email once', async () => {
    const smtp = await receiver();
    const databaseUrl = await createTestDatabase();
    // The sender has no workers; the worker process polls only once a minute: only a notification can
    // wake it in time.
    const sender = await startApp(databaseUrl, { JOBS_ENABLED: 'false' });
    const worker = await startApp(databaseUrl, {
      SMTP_URL: smtp.url,
      JOB_POLL_SECONDS: '60',
      EMAIL_CONCURRENCY: '8',
    });
    const addresses = Array.from({ length: 120 }, (_, index) => `burst${index}@example.com`);
    for (let start = 0; start < addresses.length; start += 15) {
      await Promise.all(
        addresses
          .slice(start, start + 15)
          .map((to) =>
            sender.jobs.transaction((tx) => tx.enqueue('email', confirmation(to, 'en')).then(() => 0)),
          ),
      );
    }
    // Well inside the minute a poll would take: woken by notifications, batches fetched back to back.
    const received = await smtp.waitFor(addresses.length, 40_000);
    expect(new Set(received.map((email) => email.to?.[0]?.address))).toEqual(new Set(addresses));
    await emailQueueSettled(worker.db.$client);
    expect(smtp.messages).toHaveLength(addresses.length);
    expect(new Set(smtp.messages.map((email) => email.messageId)).size).toBe(addresses.length);
  }, 60_000);

  it('writes a mailbox file whole and only once for one message, whatever the attempts', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-mailbox-'));
    const mailer = createMailer(testConfig({ DATA_DIR: dataDir }), { info: () => undefined });
    const message = {
      to: 'once@example.com',
      subject: 'Once',
      text: 'Only once.',
      html: '<p>Only once.</p>',
      attachments: [],
      messageId: '<job-1@eclat.example>',
      queuedAt: new Date('2027-03-09T14:00:00Z'),
    };
    // A crash after writing and before recording the delivery: the retry writes it again.
    const [first, second] = await Promise.all([mailer.send(message), mailer.send(message)]);
    const third = await mailer.send(message);
    const files = await fs.readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(new Set([first.file, second.file, third.file])).toEqual(
      new Set([path.join(dataDir, 'mail', files[0] ?? '')]),
    );
    const parsed = await PostalMime.parse(
      await fs.readFile(path.join(dataDir, 'mail', files[0] ?? ''), 'utf8'),
    );
    expect(parsed.text?.trim()).toBe('Only once.');
    // Another message to the same person is another file.
    await mailer.send({ ...message, messageId: '<job-2@eclat.example>' });
    expect(await fs.readdir(path.join(dataDir, 'mail'))).toHaveLength(2);
    mailer.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('writes a readable .eml into DATA_DIR/mail when no SMTP server is configured', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-mailbox-'));
    const app = await startApp(await createTestDatabase(), { DATA_DIR: dataDir });
    await app.jobs.enqueue('email', confirmation('file@example.com', 'en'));
    const mailbox = path.join(dataDir, 'mail');
    // The mailbox writes a hidden `.partial` file, then renames it: only the finished message counts.
    const finished = async () =>
      (await fs.readdir(mailbox).catch(() => [])).filter((name) => name.endsWith('.eml'));
    await expect.poll(async () => (await finished()).length, { timeout: 15_000, interval: 200 }).toBe(1);
    const [file] = await finished();
    const raw = await fs.readFile(path.join(mailbox, file ?? ''), 'utf8');
    const email = await PostalMime.parse(raw);
    expect(file).toMatch(/file@example\.com\.eml$/);
    expect(email.subject).toBe('Your Éclat cleaning is booked for Tuesday, March 9, 2027 at 9:00 a.m.');
    expect(email.text).toContain('Total: $339.00');
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
