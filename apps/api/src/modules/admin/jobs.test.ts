import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FailedJob } from '@eclat/shared';
import { buildApp } from '../../app.ts';
import { appointmentEmailData } from '../../../test/factories.ts';
import { headersAs } from '../../../test/auth.ts';
import { createTestDatabase, emailQueueSettled, testConfig } from '../../../test/helpers.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.ts';
import type { Env } from '../../config.ts';

type App = Awaited<ReturnType<typeof buildApp>>;
const apps: App[] = [];
const receivers: SmtpReceiver[] = [];

async function startApp(env: Env = {}) {
  const app = await buildApp(
    testConfig({ JOB_POLL_SECONDS: '0.5', EMAIL_RETRY_DELAY_SECONDS: '1', EMAIL_RETRY_LIMIT: '0', ...env }),
    { databaseUrl: await createTestDatabase() },
  );
  await app.ready();
  apps.push(app);
  return app;
}

/** A port nothing listens on (a receiver was there a moment ago). */
async function closedPort() {
  const probe = await startSmtpReceiver();
  const { port } = probe;
  await probe.close();
  return port;
}

const retryUrl = (id: string) => `/api/v1/admin/jobs/${id}/retry`;

async function failedJobs(app: App, headers: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url: '/api/v1/admin/jobs/failed', headers });
  return res.json<FailedJob[]>();
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(receivers.splice(0).map((smtp) => smtp.close()));
});

describe('POST /admin/jobs/{id}/retry', () => {
  it('answers 401 to anonymous callers and 403 to customers and employees', async () => {
    const app = await startApp({ JOBS_ENABLED: 'false' });
    const url = retryUrl(randomUUID());
    expect((await app.inject({ method: 'POST', url })).statusCode).toBe(401);
    for (const role of ['customer', 'employee'] as const) {
      const res = await app.inject({ method: 'POST', url, headers: await headersAs(app, role) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('answers 404 to an admin for an unknown job and 400 for an id that is not one', async () => {
    const app = await startApp({ JOBS_ENABLED: 'false' });
    const headers = await headersAs(app, 'admin');
    const unknown = await app.inject({ method: 'POST', url: retryUrl(randomUUID()), headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    const malformed = await app.inject({ method: 'POST', url: retryUrl('not-a-job'), headers });
    expect(malformed.statusCode).toBe(400);
  });

  it('lets an admin retry a failed email, which is then delivered once; a job not failed is 404', async () => {
    const port = await closedPort();
    const app = await startApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const headers = await headersAs(app, 'admin');

    const id = await app.jobs.enqueue('email', {
      to: 'retry@example.com',
      locale: 'en',
      message: { template: 'booking-confirmation', data: appointmentEmailData() },
    });
    await expect
      .poll(async () => (await failedJobs(app, headers)).map((job) => job.id), {
        timeout: 20_000,
        interval: 200,
      })
      .toEqual([id]);
    const [failed] = await failedJobs(app, headers);
    expect(failed).toMatchObject({ queue: 'email', summary: 'booking-confirmation to retry@example.com' });
    expect(failed?.lastError).toBeTruthy();

    const smtp = await startSmtpReceiver(port);
    receivers.push(smtp);
    const res = await app.inject({ method: 'POST', url: retryUrl(id), headers });
    expect(res.statusCode).toBe(204);
    expect(await failedJobs(app, headers)).toEqual([]);

    const [email] = await smtp.waitFor(1, 20_000);
    expect(email?.to?.[0]?.address).toBe('retry@example.com');
    // No longer failed: a second retry is refused.
    const again = await app.inject({ method: 'POST', url: retryUrl(id), headers });
    expect(again.statusCode).toBe(404);
    await emailQueueSettled(app.db.$client);
    expect(smtp.messages).toHaveLength(1);
  });
});
