import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@eclat/shared';
import { fromLocal, todayIn } from '../lib/time-zone.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { world } from '../../test/world.ts';
import { makeService } from '../../test/factories.ts';

/** Decision 029: `/metrics` scraped as Prometheus would, parsed, and checked against what happened. */

const TOKEN = 'metrics-secret-for-the-tests';
let app: TestApp;
const w = world(() => app);

beforeAll(async () => {
  // One visit per hour without a team: the second booking of a time is a 409 SLOT_FULL.
  app = await buildTestApp({ METRICS_TOKEN: TOKEN, SLOT_CAPACITY: '1', JOBS_ENABLED: 'false' });
});
afterAll(async () => {
  await app.close();
});

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The Prometheus text format's samples (`name{label="value",...} number`), comments skipped. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key = '', value = ''] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[key] = value;
      }
      return { name: match[1] ?? '', labels, value: Number(match[3]) };
    });
}

const scrape = async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return parse(res.body);
};
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;

describe('metrics', () => {
  it('answers only the bearer of METRICS_TOKEN, and does not exist without one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-secret-of-the-same-size!', `Basic ${TOKEN}`]) {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.body).not.toContain('eclat_');
    }
    const plain = await buildTestApp();
    try {
      const res = await plain.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('eclat_http_requests_total');
    } finally {
      await plain.close();
    }
  });

  it('counts requests by route, bookings, 409s by reason, and reads the queues and the pool', async () => {
    const service = await makeService(app, { title: 'Home', durationMinutes: 60 });
    const [one, two] = [await w.customer(), await w.customer()];
    const start = fromLocal(addDays(todayIn('America/Toronto'), 5), 10, 0, 'America/Toronto').toISOString();
    expect((await w.book(one, service, start)).statusCode).toBe(201);
    const full = await w.book(two, service, start);
    expect(full.statusCode).toBe(409);
    await app.jobs.enqueue('email', {
      to: 'someone@example.com',
      locale: 'en',
      message: {
        template: 'contact-message',
        data: {
          name: 'A',
          email: 'a@example.com',
          subject: 'S',
          message: 'M',
          sentAt: new Date().toISOString(),
        },
      },
    });

    const samples = await scrape();
    const route = '/api/v1/appointments/customers/:customerId';
    expect(valueOf(samples, 'eclat_http_requests_total', { method: 'POST', route, status: '201' })).toBe(1);
    expect(valueOf(samples, 'eclat_http_requests_total', { method: 'POST', route, status: '409' })).toBe(1);
    expect(valueOf(samples, 'eclat_http_request_duration_seconds_count', { method: 'POST', route })).toBe(2);
    expect(valueOf(samples, 'eclat_bookings_total', { kind: 'customer' })).toBe(1);
    expect(valueOf(samples, 'eclat_conflicts_total', { reason: 'SLOT_FULL' })).toBe(1);
    // The booking's confirmation and the email queued here wait (no workers in this process).
    expect(valueOf(samples, 'eclat_job_queue_depth', { queue: 'email', state: 'created' })).toBe(2);
    expect(valueOf(samples, 'eclat_job_queue_oldest_seconds', { queue: 'email' })).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'eclat_emails_sent_total')).toBe(0);
    expect(valueOf(samples, 'eclat_emails_failed_total')).toBe(0);
    expect(valueOf(samples, 'eclat_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'eclat_process_resident_memory_bytes')).toBeGreaterThan(0);
    // The scrape itself is not counted.
    expect(samples.some((sample) => sample.labels.route === '/metrics')).toBe(false);
  });
});
