import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '@eclat/shared';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { authorizeUrl, Browser, createTestUser, interactionUid, pkce } from '../../../test/auth.ts';
import { sendPasswordResetLink } from './password-reset.ts';

/**
 * "Forgot password" does the same work for an address with an account and one without (issue 27): it was
 * about 80 ms against 24 ms, because only a known address created a link and queued an email in the
 * request. Counted, not timed: every SQL statement the request sends to PostgreSQL (the `pg` client's
 * own `query`, which every pool, transaction and the job queue go through), and the jobs it queues. The
 * app runs without workers (JOBS_ENABLED=false) so that nothing else talks to the database meanwhile.
 */
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ JOBS_ENABLED: 'false' });
});
afterAll(async () => {
  await app.close();
});

/** The SQL texts sent while `work` runs, in order (values aside). */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  // A spy calls through to pg's own query: it counts, it changes nothing.
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await work();
    return spy.mock.calls.map(([first]: unknown[]) => {
      const text =
        typeof first === 'string'
          ? first
          : first && typeof first === 'object' && 'text' in first
            ? String(first.text)
            : '?';
      return text.replace(/\s+/g, ' ').trim();
    });
  } finally {
    spy.mockRestore();
  }
}

async function jobsFor(email: string): Promise<number> {
  const { rows } = await app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = 'password-reset' and data->>'email' = ${email}`,
  );
  return rows[0]?.n ?? 0;
}

describe('forgot password', () => {
  it('sends the same statements and queues the same job for a known and an unknown address, every time', async () => {
    const browser = new Browser(app);
    const start = await browser.get(authorizeUrl(pkce().challenge));
    const uid = interactionUid(String(start.headers.location));
    const ask = (email: string) => browser.post(`/oidc/interaction/${uid}/forgot?lang=en`, { email });

    // The job queue looks its queue's settings up once per process: a first request warms it.
    expect((await ask('warm-up@example.com')).statusCode).toBe(200);
    const tries = 8;
    const known: string[][] = [];
    const unknown: string[][] = [];
    for (let index = 0; index < tries; index += 1) {
      const user = await createTestUser(app);
      const stranger = `nobody-${index}-${Date.now()}@example.com`;
      // Alternated, so that whatever warms up (a prepared plan, a pool connection) favours neither.
      for (const [email, into] of index % 2 === 0
        ? ([
            [user.email, known],
            [stranger, unknown],
          ] as const)
        : ([
            [stranger, unknown],
            [user.email, known],
          ] as const)) {
        let status = 0;
        let body = '';
        into.push(
          await statementsOf(async () => {
            const res = await ask(email);
            status = res.statusCode;
            body = res.body;
          }),
        );
        expect(status).toBe(200);
        expect(body).toContain('If an account exists for this address');
        expect(await jobsFor(email)).toBe(1);
      }
    }
    expect(known[0]?.length).toBeGreaterThan(0);
    // Every request, known or not, sent exactly the same statements in the same order.
    for (const statements of [...known, ...unknown]) expect(statements).toEqual(known[0]);
  });

  it('emails a link from the job only when the address has an account', async () => {
    const user = await createTestUser(app);
    const emailsTo = async (email: string) => {
      const { rows } = await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = 'email' and data->>'to' = ${email}`,
      );
      return rows[0]?.n ?? 0;
    };
    for (const locale of LOCALES) {
      await sendPasswordResetLink(app.jobs, 'http://localhost:3000', { email: user.email, locale });
      await sendPasswordResetLink(app.jobs, 'http://localhost:3000', {
        email: `ghost-${locale}@example.com`,
        locale,
      });
      expect(await emailsTo(`ghost-${locale}@example.com`)).toBe(0);
    }
    expect(await emailsTo(user.email)).toBe(2);
  });
});
