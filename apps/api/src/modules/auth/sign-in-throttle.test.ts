import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  authorizeUrl,
  Browser,
  createTestUser,
  interactionUid,
  pkce,
  resetPasswordThroughLink,
  TEST_PASSWORD,
} from '../../../test/auth.ts';

/**
 * Sign-in throttling (decision 011) through the real account pages. One proxy is trusted, so each request's
 * client address is the last X-Forwarded-For entry: the tests play several people on several addresses.
 */
let app: TestApp;
useTestApp((built) => (app = built), { TRUST_PROXY: '1' });

let addressCounter = 0;
/** A fresh client address, so tests do not share the per-address count. */
const newAddress = () => {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
};

/** One sign-in form post from `address`, in a sign-in started for it. */
async function signIn(address: string, email: string, password: string) {
  const browser = new Browser(app);
  const start = await browser.get(authorizeUrl(pkce().challenge));
  const uid = interactionUid(String(start.headers.location));
  return browser.post(
    `/oidc/interaction/${uid}/login?lang=en`,
    { email, password },
    { 'x-forwarded-for': address },
  );
}

const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The message of the page, without the email it echoes back. */
const messageOf = (body: string) => /<p class="alert" role="alert">([^<]*)<\/p>/.exec(body)?.[1];

describe('sign-in throttling by account and address', () => {
  it("does not let a stranger's wrong passwords from one address lock the owner out on another", async () => {
    const owner = await createTestUser(app);
    const stranger = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1)
      statuses.push((await signIn(stranger, owner.email, `guess-${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 429, 429, 429, 429, 429, 429]);
    // On the stranger's address even the right password waits ...
    expect((await signIn(stranger, owner.email, TEST_PASSWORD)).statusCode).toBe(429);
    // ... but the owner, on their own address, signs in.
    const res = await signIn(newAddress(), owner.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(303);
  });

  it('counts every address of one IPv6 /64 as one client, so changing address inside it buys no tries', async () => {
    const owner = await createTestUser(app);
    const statuses: number[] = [];
    // Two guesses from two addresses of the same /64, then a third from a third address of it: it waits.
    for (const host of ['1', '2', '3'])
      statuses.push((await signIn(`2001:db8:77:1::${host}`, owner.email, `guess-${host}`)).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
    // Another /64 is another client.
    expect((await signIn('2001:db8:77:2::1', owner.email, TEST_PASSWORD)).statusCode).toBe(303);
  });

  it('makes each wait longer than the last, says so in the page language and with Retry-After', async () => {
    const owner = await createTestUser(app);
    const address = newAddress();
    expect((await signIn(address, owner.email, 'wrong one')).statusCode).toBe(401);
    expect((await signIn(address, owner.email, 'wrong two')).statusCode).toBe(401);
    const third = await signIn(address, owner.email, 'wrong three');
    expect(third.statusCode).toBe(429);
    expect(retryAfter(third)).toBe(2);
    expect(third.body).toContain('Too many attempts. Please try again in 2 seconds.');
    // During the wait nothing is checked, not even the right password, and the wait does not grow.
    const during = await signIn(address, owner.email, TEST_PASSWORD);
    expect(during.statusCode).toBe(429);
    expect(retryAfter(during)).toBeLessThanOrEqual(2);

    await sleep(2_100);
    const fourth = await signIn(address, owner.email, 'wrong four');
    expect(fourth.statusCode).toBe(429);
    expect(retryAfter(fourth)).toBe(4);
    await sleep(4_100);
    const browser = new Browser(app);
    const start = await browser.get(authorizeUrl(pkce().challenge, { ui_locales: 'fr' }));
    const fifth = await browser.post(
      `/oidc/interaction/${interactionUid(String(start.headers.location))}/login`,
      { email: owner.email, password: 'wrong five' },
      { 'x-forwarded-for': address },
    );
    expect(fifth.statusCode).toBe(429);
    expect(retryAfter(fifth)).toBe(8);
    expect(fifth.body).toContain('Trop de tentatives. Veuillez réessayer dans 8 secondes.');
  });

  it('answers an unknown email exactly as a known one, wait for wait', async () => {
    const owner = await createTestUser(app);
    const run = async (email: string) => {
      const address = newAddress();
      const answers = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await signIn(address, email, `wrong-${i}`);
        answers.push({ status: res.statusCode, retryAfter: retryAfter(res), message: messageOf(res.body) });
      }
      return answers;
    };
    const known = await run(owner.email);
    const unknown = await run(`nobody-${randomBytes(3).toString('hex')}@example.com`);
    expect(unknown).toEqual(known);
    expect(known.map((answer) => answer.status)).toEqual([401, 401, 429, 429]);
  });

  it('locks an address for every account after 20 failures there, and only that address', async () => {
    const owner = await createTestUser(app);
    const address = newAddress();
    const statuses: number[] = [];
    // Twenty different emails, one try each: no pair ever waits, only the address count grows.
    for (let i = 0; i < 20; i += 1) {
      statuses.push(
        (await signIn(address, `sprayed-${i}-${randomBytes(2).toString('hex')}@example.com`, 'x')).statusCode,
      );
    }
    expect(statuses.slice(0, 19).every((status) => status === 401)).toBe(true);
    expect(statuses[19]).toBe(429);
    const blocked = await signIn(address, owner.email, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(retryAfter(blocked)).toBeGreaterThan(14 * 60);
    expect(blocked.body).toContain('Too many attempts. Please try again in 15 minutes.');
    expect((await signIn(newAddress(), owner.email, TEST_PASSWORD)).statusCode).toBe(303);
  });

  it('counts parallel guesses one by one: a burst gets no more tries than one at a time', async () => {
    const owner = await createTestUser(app);
    const address = newAddress();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(address, owner.email, `burst-${i}`)),
    );
    const statuses = results.map((res) => res.statusCode);
    // Two wrong passwords are answered as such, the third starts a wait, every other one waits unchecked.
    expect(statuses.filter((status) => status === 401)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    // Had more than three been checked, the wait would have grown past 2 seconds.
    const next = await signIn(address, owner.email, TEST_PASSWORD);
    expect(retryAfter(next)).toBeLessThanOrEqual(2);
  });

  it('forgets the failures of a pair once its owner signs in', async () => {
    const owner = await createTestUser(app);
    const address = newAddress();
    await signIn(address, owner.email, 'typo one');
    await signIn(address, owner.email, 'typo two');
    expect((await signIn(address, owner.email, TEST_PASSWORD)).statusCode).toBe(303);
    expect((await signIn(address, owner.email, 'typo three')).statusCode).toBe(401);
    expect((await signIn(address, owner.email, 'typo four')).statusCode).toBe(401);
  });

  it('ends every wait on the account when its password is reset', async () => {
    const owner = await createTestUser(app);
    const addresses = [newAddress(), newAddress()];
    for (const address of addresses) {
      for (let i = 0; i < 4; i += 1) await signIn(address, owner.email, `guess-${i}`);
      expect((await signIn(address, owner.email, TEST_PASSWORD)).statusCode).toBe(429);
    }
    const newPassword = 'a brand new passphrase 9';
    const reset = await resetPasswordThroughLink(app, owner.id, newPassword);
    expect(reset.statusCode).toBe(200);
    for (const address of addresses) {
      expect((await signIn(address, owner.email, newPassword)).statusCode).toBe(303);
    }
  });
});
