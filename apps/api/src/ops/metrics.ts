import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { countAliveInstances } from './instances.ts';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * `GET /metrics` in Prometheus text format (decision 029), behind `METRICS_TOKEN` (a bearer token; the
 * route does not exist without it). Per process: requests by route and status, their latency, bookings,
 * 409s by reason, the database pool and Node's own figures. From the database at each scrape (the same
 * on every instance): the job queues' depth and oldest waiting job, emails sent and failed.
 */

/** Successful creations that are bookings, by the route that made them. */
const BOOKING_ROUTES: Record<string, string> = {
  'POST /api/v1/appointments/customers/:customerId': 'customer',
  'POST /api/v1/series/customers/:customerId': 'series',
  'POST /api/v1/appointments': 'office',
};

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const metricsPlugin = fp(
  (app: FastifyInstance, { token }: { token: string | undefined }, done: (error?: Error) => void) => {
    if (!token) {
      done();
      return;
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'eclat_' });

    const requests = new Counter({
      name: 'eclat_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status code.',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'eclat_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route template.',
      labelNames: ['method', 'route'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const bookings = new Counter({
      name: 'eclat_bookings_total',
      help: 'Bookings made: by a customer (one visit), a series, or the office.',
      labelNames: ['kind'] as const,
      registers: [registry],
    });
    const conflicts = new Counter({
      name: 'eclat_conflicts_total',
      help: 'Answers 409 by their error code (SLOT_FULL, NO_CLEANER_FREE, TOO_LATE_TO_CHANGE...).',
      labelNames: ['reason'] as const,
      registers: [registry],
    });
    const pool = app.db.$client;
    new Gauge({
      name: 'eclat_db_pool_connections',
      help: "This process's database pool: connections in use, idle, and requests waiting for one.",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'eclat_job_queue_depth',
      help: 'Jobs waiting (created or to retry, due now) and running, by queue.',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const { rows } = await app.db.execute<{ name: string; state: string; n: number }>(sql`
          select name, state::text as state, count(*)::int as n from pgboss.job
          where state in ('created', 'retry', 'active') and start_after <= now()
          group by name, state`);
        for (const row of rows) this.set({ queue: row.name, state: row.state }, row.n);
      },
    });
    new Gauge({
      name: 'eclat_job_queue_oldest_seconds',
      help: 'Age of the oldest job due and not started, by queue (0 when none waits).',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const { rows } = await app.db.execute<{ name: string; age: number }>(sql`
          select name, extract(epoch from now() - min(start_after))::float8 as age from pgboss.job
          where state in ('created', 'retry') and start_after <= now() group by name`);
        for (const row of rows) this.set({ queue: row.name }, Math.max(0, row.age));
      },
    });
    new Gauge({
      name: 'eclat_instances',
      help: 'Server processes alive on this database (each writes its row every 10 s; decision 031).',
      registers: [registry],
      async collect() {
        this.set(await countAliveInstances(app.db));
      },
    });
    new Gauge({
      name: 'eclat_payment_discrepancies',
      help: 'Differences the reconciliation with Stripe found (decision 058), repaired or to look at (repaired="false").',
      labelNames: ['repaired'] as const,
      registers: [registry],
      async collect() {
        const { rows } = await app.db.execute<{ repaired: boolean; n: number }>(
          sql`select repaired, count(*)::int as n from payment_discrepancies group by repaired`,
        );
        this.set({ repaired: 'true' }, rows.find((row) => row.repaired)?.n ?? 0);
        this.set({ repaired: 'false' }, rows.find((row) => !row.repaired)?.n ?? 0);
      },
    });
    new Counter({
      name: 'eclat_emails_sent_total',
      help: 'Emails handed to the mail transport (every instance: read from the database).',
      registers: [registry],
      async collect() {
        const { rows } = await app.db.execute<{ n: number }>(
          sql`select count(*)::int as n from email_deliveries`,
        );
        this.reset();
        this.inc(rows[0]?.n ?? 0);
      },
    });
    new Counter({
      name: 'eclat_emails_failed_total',
      help: 'Emails that ran out of retries and were not sent (kept 30 days; the admin retries them).',
      registers: [registry],
      async collect() {
        const { rows } = await app.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pgboss.job where name = 'email' and state = 'failed'`,
        );
        this.reset();
        this.inc(rows[0]?.n ?? 0);
      },
    });

    app.addHook('onResponse', (request, reply, hookDone) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route !== '/metrics') {
        const status = reply.statusCode;
        requests.inc({ method: request.method, route, status: String(status) });
        latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
        const booking = BOOKING_ROUTES[`${request.method} ${route}`];
        if (booking && status === 201) bookings.inc({ kind: booking });
      }
      hookDone();
    });
    // The reason of a 409 is the code of its body (plugins/errors.ts writes `{ code, message }`).
    app.addHook('onSend', (_request, reply, payload, hookDone) => {
      if (reply.statusCode === 409 && typeof payload === 'string') {
        const code = /^\{"code":"([A-Z_]+)"/.exec(payload)?.[1];
        conflicts.inc({ reason: code ?? 'unknown' });
      }
      hookDone(null, payload);
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      reply.header('Cache-Control', 'no-store');
      if (!sameSecret(given, token)) {
        reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return reply
          .code(401)
          .send({ code: 'UNAUTHENTICATED', message: 'The metrics need METRICS_TOKEN as a bearer token.' });
      }
      reply.type(registry.contentType);
      return registry.metrics();
    });
    done();
  },
  { name: 'metrics', dependencies: ['db'] },
);
