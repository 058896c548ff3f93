import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meSchema } from '@eclat/shared';
import { eq } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  authorizeUrl,
  bearer,
  Browser,
  createTestUser,
  interactionUid,
  pkce,
  signAccessToken,
  TEST_PASSWORD,
} from '../../../test/auth.ts';
import { findUserByEmail, findUserById } from './accounts.repository.ts';
import { createEmailToken } from './email-tokens.ts';
import { emailJobSchema, renderEmail } from '../../mail/email-message.ts';

let app: TestApp;
useTestApp((built) => (app = built));

type EmailJobData = {
  to: string;
  locale: string;
  message: { template: string; data: Record<string, unknown> };
};

/** Every email queued for the address (delivered or not), oldest first. */
async function emailsTo(address: string): Promise<EmailJobData[]> {
  const { rows } = await app.db.execute<{ data: EmailJobData }>(
    sql`select data from pgboss.job where name = 'email' and lower(data->>'to') = lower(${address}) order by created_on`,
  );
  return rows.map((row) => row.data);
}

async function registerPage(lang: 'en' | 'fr' = 'en') {
  const browser = new Browser(app);
  const { challenge } = pkce();
  const start = await browser.get(authorizeUrl(challenge));
  const uid = interactionUid(String(start.headers.location));
  return { browser, uid, url: `/oidc/interaction/${uid}/register?lang=${lang}` };
}

async function signUp(email: string, lang: 'en' | 'fr' = 'en', password = TEST_PASSWORD) {
  const { browser, url } = await registerPage(lang);
  const started = performance.now();
  const res = await browser.post(url, { firstName: 'Nadia', lastName: 'Bouchard', email, password });
  return { res, ms: performance.now() - started, browser };
}

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** The path of the link in the last verification email sent to the address. */
async function verificationLink(address: string): Promise<string> {
  const sent = (await emailsTo(address)).filter((job) => job.message.template === 'email-verification');
  const url = new URL(String(sent.at(-1)?.message.data.verifyUrl));
  return `${url.pathname}${url.search}`;
}

describe('sign-up and the verification link', () => {
  it('emails a link in the language of the sign-up that verifies the address once', async () => {
    const email = unique('verify-fr');
    const { res, browser } = await signUp(email, 'fr');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Consultez vos courriels');
    const user = await findUserByEmail(app.db, email);
    expect(user?.emailVerifiedAt).toBeNull();
    expect(user?.locale).toBe('fr');

    const [job] = await emailsTo(email);
    expect(job).toMatchObject({ locale: 'fr', message: { template: 'email-verification' } });
    expect(job?.message.data.expiresInHours).toBe(24);
    const link = await verificationLink(email);
    expect(link).toMatch(/^\/oidc\/account\/verify-email\?token=[\w-]{20,}&lang=fr$/);
    // The token is stored only as a hash, with its purpose and a 24-hour life.
    const [row] = await app.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user?.id ?? ''));
    expect(row?.purpose).toBe('email-verification');
    expect(link).not.toContain(row?.tokenHash ?? '-');
    const hours = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    // Opening the link (as a mail scanner does) only shows the form: nothing is confirmed yet.
    const opened = await browser.get(link);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('<html lang="fr">');
    expect(opened.body).toContain('Confirmer mon adresse courriel');
    expect(opened.body).toContain('type="password"');
    expect((await findUserById(app.db, user?.id ?? ''))?.emailVerifiedAt).toBeNull();

    const followed = await browser.post(link, { password: TEST_PASSWORD });
    expect(followed.statusCode).toBe(200);
    expect(followed.body).toContain('Adresse courriel confirmée');
    expect(followed.body).toContain('Continuer vers Éclat');
    expect((await findUserById(app.db, user?.id ?? ''))?.emailVerifiedAt).toBeInstanceOf(Date);

    const again = await browser.get(link);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('Ce lien n’est plus valide');
    expect((await browser.post(link, { password: TEST_PASSWORD })).statusCode).toBe(400);
  });

  it('refuses an expired link and a wrong one, and leaves the account unverified', async () => {
    const user = await createTestUser(app, ['customer'], TEST_PASSWORD, { verified: false });
    const token = await createEmailToken(app.db, user.id, 'email-verification');
    await app.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const expired = await app.inject({
      method: 'GET',
      url: `/oidc/account/verify-email?token=${token}&lang=en`,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('This link is not valid any more');
    const wrong = await app.inject({ method: 'GET', url: `/oidc/account/verify-email?token=${token}x` });
    expect(wrong.statusCode).toBe(400);
    const none = await app.inject({ method: 'GET', url: '/oidc/account/verify-email' });
    expect(none.statusCode).toBe(400);
    // A password-reset token is not a verification token.
    const reset = await createEmailToken(app.db, user.id, 'password-reset');
    expect(
      (await app.inject({ method: 'GET', url: `/oidc/account/verify-email?token=${reset}` })).statusCode,
    ).toBe(400);
    expect((await findUserById(app.db, user.id))?.emailVerifiedAt).toBeNull();
  });

  it('answers a sign-up with a taken address exactly as a free one, and tells the owner in their language', async () => {
    const owner = await createTestUser(app, ['customer']);
    await app.db.update(users).set({ locale: 'fr' }).where(eq(users.id, owner.id));
    const free = unique('free');
    const taken = await signUp(owner.email.toUpperCase(), 'en', 'a different passphrase 99');
    const fresh = await signUp(free, 'en', 'a different passphrase 99');
    expect(taken.res.statusCode).toBe(fresh.res.statusCode);
    expect(taken.res.statusCode).toBe(200);
    const normalise = (body: string, email: string) =>
      body.replace(email, 'EMAIL').replace(/\/oidc\/interaction\/[^/?"]+/g, '/oidc/interaction/UID');
    expect(normalise(taken.res.body, owner.email.toUpperCase())).toBe(normalise(fresh.res.body, free));
    // Both hash a password (argon2id), so neither answer is quick: the taken one is not a shortcut.
    expect(taken.ms).toBeGreaterThan(fresh.ms / 4);

    // No second account and the owner's password unchanged; the owner is told, in French.
    expect((await findUserById(app.db, owner.id))?.passwordHash).toBe(owner.passwordHash);
    const toOwner = await emailsTo(owner.email);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]).toMatchObject({ locale: 'fr', message: { template: 'sign-up-attempt' } });
    expect(String(toOwner[0]?.message.data.signInUrl)).toMatch(/\/profile$/);
    const toFree = await emailsTo(free);
    expect(toFree.map((job) => job.message.template)).toEqual(['email-verification']);
  });
});

describe('what a stranger typed never reaches an address nobody confirmed', () => {
  const ctx = { brandName: 'Éclat', publicUrl: 'http://localhost:3000', timeZone: 'America/Toronto' };
  const rendered = (job: EmailJobData) => {
    const email = renderEmail(emailJobSchema.parse(job), ctx);
    return `${email.subject}\n${email.text}\n${email.html}`;
  };

  it('greets nobody by name in the verification, the sign-up warning and the reset emails of an unconfirmed address', async () => {
    const email = unique('phished');
    const typed = { firstName: 'URGENT log in at https://evil.example/login', lastName: 'Evil Corp' };
    const { browser, url } = await registerPage('en');
    expect((await browser.post(url, { ...typed, email, password: TEST_PASSWORD })).statusCode).toBe(200);
    // The address is taken now: a second sign-up warns its (unconfirmed) owner.
    const again = await registerPage('fr');
    await again.browser.post(again.url, { ...typed, email, password: TEST_PASSWORD });
    // "Forgot password" for it: its job emails a link.
    const forgot = new Browser(app);
    const start = await forgot.get(authorizeUrl(pkce().challenge));
    const uid = interactionUid(String(start.headers.location));
    await forgot.post(`/oidc/interaction/${uid}/forgot?lang=en`, { email });
    await expect
      .poll(async () => (await emailsTo(email)).map((job) => job.message.template).sort(), {
        timeout: 15_000,
      })
      .toEqual(['email-verification', 'password-reset', 'sign-up-attempt']);
    for (const job of await emailsTo(email)) {
      const text = rendered(job);
      expect(text, job.message.template).not.toContain('URGENT');
      expect(text, job.message.template).not.toContain('evil.example');
      expect(text, job.message.template).not.toContain('Evil Corp');
      expect(text, job.message.template).toMatch(/(Hello|Bonjour),/);
    }
  });

  it('still greets a confirmed address by its name', async () => {
    const user = await createTestUser(app);
    const forgot = new Browser(app);
    const start = await forgot.get(authorizeUrl(pkce().challenge));
    const uid = interactionUid(String(start.headers.location));
    await forgot.post(`/oidc/interaction/${uid}/forgot?lang=en`, { email: user.email });
    await expect.poll(async () => (await emailsTo(user.email)).length, { timeout: 15_000 }).toBe(1);
    const [job] = await emailsTo(user.email);
    expect(job && rendered(job)).toContain(`Hello ${user.firstName},`);
  });
});

describe('who may confirm an address', () => {
  it('refuses the owner of the mailbox who does not know the password of an account someone else made with it', async () => {
    // A stranger signs up first with somebody else's address, choosing their own password.
    const email = unique('taken-first');
    await signUp(email, 'en', 'a stranger chose this passphrase 42');
    const stranger = await findUserByEmail(app.db, email);
    const link = await verificationLink(email);
    const owner = new Browser(app);
    // The owner (or their mail scanner) opens the link and tries passwords: nothing is confirmed.
    expect((await owner.get(link)).statusCode).toBe(200);
    const wrong = await owner.post(link, { password: TEST_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('This is not the password of the account');
    expect((await findUserById(app.db, stranger?.id ?? ''))?.emailVerifiedAt).toBeNull();
    // Five wrong passwords lock this account's confirmation; even the right one then waits.
    for (let i = 0; i < 4; i += 1)
      expect((await owner.post(link, { password: `guess ${i}` })).statusCode).toBe(400);
    const locked = await owner.post(link, { password: 'a stranger chose this passphrase 42' });
    expect(locked.statusCode).toBe(429);
    expect((await findUserById(app.db, stranger?.id ?? ''))?.emailVerifiedAt).toBeNull();
  });

  it('counts a password reset as proof of the address, in one step that also retires its verification links', async () => {
    const email = unique('reset-verifies');
    await signUp(email, 'en', 'a stranger chose this passphrase 42');
    const account = await findUserByEmail(app.db, email);
    const verifyLink = await verificationLink(email);
    const resetToken = await createEmailToken(app.db, account?.id ?? '', 'password-reset');
    const done = await new Browser(app).post(`/oidc/account/reset-password?token=${resetToken}&lang=en`, {
      password: 'the real owner takes it back 77',
      confirm: 'the real owner takes it back 77',
    });
    expect(done.statusCode).toBe(200);
    const after = await findUserById(app.db, account?.id ?? '');
    expect(after?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(after?.passwordHash).not.toBe(account?.passwordHash);
    expect(after?.tokensValidAfter).toBeInstanceOf(Date);
    // The verification link sent before the reset no longer opens.
    expect((await new Browser(app).get(verifyLink)).statusCode).toBe(400);
  });
});

describe('POST /auth/verification-email ("Resend")', () => {
  const resend = (headers?: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/verification-email', ...(headers ? { headers } : {}) });

  it('sends an unverified account a new link, a few times an hour at most', async () => {
    const user = await createTestUser(app, ['customer'], TEST_PASSWORD, { verified: false });
    const headers = bearer(await signAccessToken(app, user, { permissions: ['customer'] }));
    const me = meSchema.parse((await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers })).json());
    expect(me.emailVerified).toBe(false);

    for (let i = 0; i < 3; i += 1) expect((await resend(headers)).statusCode).toBe(202);
    const limited = await resend(headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await emailsTo(user.email)).toHaveLength(3);

    // Any of the links works (each is single use); the account is then verified.
    const link = await verificationLink(user.email);
    const confirmed = await new Browser(app).post(link, { password: TEST_PASSWORD });
    expect(confirmed.statusCode).toBe(200);
    const after = meSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers })).json(),
    );
    expect(after.emailVerified).toBe(true);
  });

  it('answers 204 and sends nothing to a verified account, and 401 to anonymous callers', async () => {
    const user = await createTestUser(app, ['employee']);
    const headers = bearer(await signAccessToken(app, user, { permissions: ['employee'] }));
    expect((await resend(headers)).statusCode).toBe(204);
    expect(await emailsTo(user.email)).toHaveLength(0);
    expect((await resend()).statusCode).toBe(401);
  });

  it('counts the sign-up’s own email: two more an hour after signing up', async () => {
    const email = unique('resend-after-signup');
    await signUp(email);
    const user = await findUserByEmail(app.db, email);
    const headers = bearer(
      await signAccessToken(app, { id: user?.id ?? '', email }, { permissions: ['customer'] }),
    );
    expect((await resend(headers)).statusCode).toBe(202);
    expect((await resend(headers)).statusCode).toBe(202);
    expect((await resend(headers)).statusCode).toBe(429);
  });
});
