import type { Permission } from '@eclat/shared';
import { calendarFeedCreatedSchema, errorBodySchema } from '@eclat/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  bearer,
  createTestUser,
  refresh,
  resetPasswordThroughLink,
  signAccessToken,
  signInThroughProvider,
} from '../../../test/auth.ts';
import { makeCustomer, makeEmployee } from '../../../test/factories.ts';

/**
 * Access tokens issued before a password reset or a "sign out everywhere" are refused by the API; tokens
 * issued from the next whole second on work (decision 011).
 */
let app: TestApp;
useTestApp((built) => (app = built));

type User = Awaited<ReturnType<typeof createTestUser>>;

const me = (token: string) => app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
const signOutEverywhere = (headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/sign-out-everywhere', headers });
const nowSeconds = () => Math.floor(Date.now() / 1000);

function expectRefused(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(401);
  expect(errorBodySchema.parse(res.json()).code).toBe('UNAUTHENTICATED');
}

async function cutOffOf(user: User): Promise<Date | null> {
  const [row] = await app.db
    .select({ cutOff: users.tokensValidAfter })
    .from(users)
    .where(eq(users.id, user.id));
  return row?.cutOff ?? null;
}

async function resetPassword(user: User, password: string) {
  expect((await resetPasswordThroughLink(app, user.id, password)).statusCode).toBe(200);
}

/** Waits for the next whole second, when a token newly issued is past the cut-off. */
async function nextSecond() {
  await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 10));
}

describe('tokens issued before a password reset', () => {
  it('are refused; tokens issued after are accepted', async () => {
    const user = await createTestUser(app);
    const before = await signAccessToken(app, user);
    const fromProvider = await signInThroughProvider(app, user.email);
    expect((await me(before)).statusCode).toBe(200);
    expect((await me(fromProvider.access_token)).statusCode).toBe(200);

    const startedAt = nowSeconds();
    await resetPassword(user, 'a brand new passphrase 11');
    const endedAt = nowSeconds();
    expectRefused(await me(before));
    expectRefused(await me(fromProvider.access_token));
    expect((await refresh(app, fromProvider.refresh_token ?? '')).statusCode).toBe(400);
    // The cut-off is the whole second after the reset's: a token stamped with the reset's second is refused,
    // one stamped with the cut-off is accepted.
    const cutOff = ((await cutOffOf(user))?.getTime() ?? 0) / 1000;
    expect([startedAt + 1, endedAt + 1]).toContain(cutOff);
    expectRefused(await me(await signAccessToken(app, user, { issuedAt: cutOff - 1 })));
    expect((await me(await signAccessToken(app, user, { issuedAt: cutOff }))).statusCode).toBe(200);

    await nextSecond();
    const after = await signInThroughProvider(app, user.email, 'a brand new passphrase 11');
    expect((await me(after.access_token)).statusCode).toBe(200);
  });
});

describe('POST /auth/sign-out-everywhere', () => {
  it('refuses an anonymous caller', async () => {
    expectRefused(await signOutEverywhere());
  });

  it('ends every token and session of the account: the access tokens, the refresh token', async () => {
    const user = await createTestUser(app);
    const other = await signInThroughProvider(app, user.email); // another device
    const here = await signInThroughProvider(app, user.email);
    const res = await signOutEverywhere(bearer(here.access_token));
    expect(res.statusCode).toBe(204);
    expectRefused(await me(here.access_token));
    expectRefused(await me(other.access_token));
    expect((await refresh(app, other.refresh_token ?? '')).statusCode).toBe(400);
    // Calling it again with the revoked token is refused like any other call.
    expectRefused(await signOutEverywhere(bearer(here.access_token)));

    await nextSecond();
    const again = await signInThroughProvider(app, user.email);
    expect((await me(again.access_token)).statusCode).toBe(200);
  });

  it("revokes the account's calendar addresses, as a customer and as an employee, and nobody else's", async () => {
    const profile = {
      firstName: 'Cal',
      lastName: 'Endar',
      phoneNumber: '416-555-0199',
      address: '1 Main St',
    };
    const account = await makeCustomer(app, profile, ['customer', 'employee']);
    const { headers } = account;
    const theirHeaders = (await makeCustomer(app, profile)).headers;
    await makeEmployee(app, { account, firstName: 'Cal', lastName: 'Endar', phoneNumber: '416-555-0198' });
    const feed = async (who: Record<string, string>, kind: 'customer' | 'employee') => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/calendar-feeds/mine',
        headers: who,
        payload: { for: kind },
      });
      expect(res.statusCode, res.body).toBe(201);
      return new URL(calendarFeedCreatedSchema.parse(res.json()).url).pathname;
    };
    const own = [await feed(headers, 'customer'), await feed(headers, 'employee')];
    const theirs = await feed(theirHeaders, 'customer');
    for (const path of [...own, theirs])
      expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);

    expect((await signOutEverywhere(headers)).statusCode).toBe(204);
    for (const path of own) expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: theirs })).statusCode).toBe(200);
  });

  it('never moves the cut-off back', async () => {
    const user = await createTestUser(app);
    const later = new Date(Date.now() + 60 * 60_000);
    await app.db.update(users).set({ tokensValidAfter: later }).where(eq(users.id, user.id));
    const token = await signAccessToken(app, user, { issuedAt: Math.ceil(later.getTime() / 1000) });
    expect((await signOutEverywhere(bearer(token))).statusCode).toBe(204);
    expect((await cutOffOf(user))?.getTime()).toBe(later.getTime());
  });

  for (const role of ['customer', 'employee', 'admin'] as const satisfies Permission[]) {
    it(`signs ${role === 'customer' ? 'a' : 'an'} ${role} out of their own account only`, async () => {
      const user = await createTestUser(app, [role]);
      const bystander = await createTestUser(app, [role]);
      const own = await signAccessToken(app, user, { permissions: [role] });
      const theirs = await signAccessToken(app, bystander, { permissions: [role] });
      expect((await signOutEverywhere(bearer(own))).statusCode).toBe(204);
      expectRefused(await me(own));
      expect((await me(theirs)).statusCode).toBe(200);
      expect(await cutOffOf(bystander)).toBeNull();
    });
  }
});
