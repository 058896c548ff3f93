import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { textContacts, textDeliveries } from '../src/db/schema/index.ts';
import { makeCustomerRecord } from './factories.ts';
import { startTwilioFake, type TwilioFake } from './fakes/twilio-fake.ts';
import { createTestDatabase, jobsSettled, testConfig } from './helpers.ts';
import { killServerProcesses, startReadyServer, type ServerProcess } from './server-process.ts';

/**
 * A text across a crash (decision 067): the server is killed (SIGKILL) after Twilio took the message and
 * before its answer arrived, so the send is not recorded. The restarted server sends it again with the
 * same idempotency key: it reaches the provider twice, one message is made, and our row records it once.
 */
const dirs: string[] = [];
let fake: TwilioFake | undefined;

afterAll(async () => {
  await killServerProcesses();
  await fake?.close();
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('a text across a crash', () => {
  it('is sent again with the same key after its sender was killed, and recorded once', async () => {
    const twilio = await startTwilioFake();
    fake = twilio;
    const sms = {
      SMS: 'twilio',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15145550199',
      TWILIO_API_BASE: twilio.url,
      SMS_QUIET_HOURS: 'off',
      EMAIL_RETRY_DELAY_SECONDS: '1',
    };
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-text-crash-'));
    dirs.push(dataDir);
    const databaseUrl = await createTestDatabase();
    const startServer = () =>
      startReadyServer({
        ...sms,
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        JOB_POLL_SECONDS: '1',
        // The silent heartbeat is found at the next check of the queue: each second here.
        JOB_MONITOR_SECONDS: '1',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      });

    // The first create is taken by Twilio and its answer held: the sender dies waiting for it.
    twilio.holdNext();
    const victim: ServerProcess = await startServer();

    // A text committed by another process (web-only), as a booking queues its confirmation.
    const writer = await buildApp(testConfig({ ...sms, JOBS_ENABLED: 'false' }), { databaseUrl });
    const customer = await makeCustomerRecord(writer);
    await writer.db.insert(textContacts).values({
      customerId: customer.id,
      mobile: '+15145550110',
      consentedAt: new Date(),
      consentWording: 'I agree',
      consentLocale: 'en',
    });
    const deliveryId = await writer.jobs.transaction(async (tx) => {
      const [row] = await tx.db
        .insert(textDeliveries)
        .values({
          kind: 'booking-confirmation',
          recipient: '+15145550110',
          locale: 'en',
          data: { startsAt: new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString() },
          customerId: customer.id,
        })
        .returning({ id: textDeliveries.id });
      if (!row) throw new Error('no row');
      await tx.enqueue('text', { deliveryId: row.id, kind: 'booking-confirmation', to: '+15145550110' });
      return row.id;
    });

    await twilio.waitForRequests(1);
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toBeNull(); // ended by the signal, not by itself

    // Restarted, the server finds the job its dead worker held and sends it again, with the same key.
    await startServer();
    const requests = await twilio.waitForRequests(2);
    expect(requests.map((request) => request.key)).toEqual([deliveryId, deliveryId]);
    const texts = twilio.texts();
    expect(texts).toHaveLength(1);
    await expect
      .poll(
        async () =>
          (await writer.db.select().from(textDeliveries).where(eq(textDeliveries.id, deliveryId)))[0]?.status,
        { timeout: 30_000 },
      )
      .toBe('sent');
    const [row] = await writer.db.select().from(textDeliveries).where(eq(textDeliveries.id, deliveryId));
    expect(row?.providerId).toBe(texts[0]?.sid);
    await jobsSettled(writer.db.$client, ['text']);
    expect(twilio.requests()).toHaveLength(2);
    await writer.close();
  }, 300_000);
});
