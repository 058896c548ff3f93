import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { passwordResetTokens } from '../../db/schema/index.ts';
import { createTestDatabase, jobsSettled, testConfig } from '../../../test/helpers.ts';
import {
  authorizeUrl,
  Browser,
  createTestUser,
  decodePayload,
  exchangeCode,
  interactionUid,
  pkce,
  refresh,
  signInThroughProvider,
  TEST_PASSWORD,
} from '../../../test/auth.ts';
import { findUserByEmail, rolesOf } from './accounts.repository.ts';

type App = Awaited<ReturnType<typeof buildApp>>;
let app: App;
let dataDir: string;
let databaseUrl: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-account-pages-'));
  databaseUrl = await createTestDatabase();
  app = await buildApp(testConfig({ DATA_DIR: dataDir, JOB_POLL_SECONDS: '0.5' }), { databaseUrl });
});
afterAll(async () => {
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function startSignIn(browser: Browser, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const res = await browser.get(authorizeUrl(challenge, extra));
  expect(res.statusCode).toBe(303);
  return { uid: interactionUid(String(res.headers.location)), verifier };
}

describe('create an account', () => {
  it('shows the form in the language of the sign-in request', async () => {
    const browser = new Browser(app);
    const { uid } = await startSignIn(browser, { ui_locales: 'fr-CA' });
    const page = await browser.get(`/oidc/interaction/${uid}/register`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('Créez votre compte');
    expect(page.body).toContain('<label for="f-firstName">Prénom</label>');
    const english = await browser.get(`/oidc/interaction/${uid}/register?lang=en`);
    expect(english.body).toContain('Create your account');
  });

  it('explains each invalid field and keeps what was typed', async () => {
    const browser = new Browser(app);
    const { uid } = await startSignIn(browser);
    const res = await browser.post(`/oidc/interaction/${uid}/register?lang=en`, {
      firstName: 'Ana',
      lastName: '',
      email: 'not-an-email',
      password: 'password123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('This field is required.');
    expect(res.body).toContain('Enter a valid email address.');
    expect(res.body).toContain('This password is too easy to guess.');
    expect(res.body).toContain('value="Ana"');
    expect(res.body).toContain('value="not-an-email"');

    const short = await browser.post(`/oidc/interaction/${uid}/register?lang=fr`, {
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'ana@example.com',
      password: 'short',
    });
    expect(short.body).toContain('Le mot de passe doit compter au moins 10 caractères.');
  });

  it('gives each field its own message: a long name is not a long password (EN and FR)', async () => {
    const browser = new Browser(app);
    const { uid } = await startSignIn(browser);
    const errorOf = (body: string, field: string) =>
      new RegExp(`id="f-${field}-error">([^<]*)<`).exec(body)?.[1];
    const long = await browser.post(`/oidc/interaction/${uid}/register?lang=en`, {
      firstName: 'A'.repeat(101),
      lastName: 'B'.repeat(600),
      email: `${'c'.repeat(250)}@example.com`,
      password: TEST_PASSWORD,
    });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long.body, 'firstName')).toBe('The first name is too long.');
    expect(errorOf(long.body, 'lastName')).toBe('The last name is too long.');
    expect(errorOf(long.body, 'email')).toBe('The email address is too long.');
    expect(errorOf(long.body, 'password')).toBeUndefined();
    expect(long.body).not.toContain('The password is too long.');

    const french = await browser.post(`/oidc/interaction/${uid}/register?lang=fr`, {
      firstName: 'A'.repeat(101),
      lastName: 'Lopez',
      email: 'ana@example.com',
      password: 'x'.repeat(201),
    });
    expect(errorOf(french.body, 'firstName')).toBe('Le prénom est trop long.');
    expect(errorOf(french.body, 'lastName')).toBeUndefined();
    expect(errorOf(french.body, 'password')).toBe('Le mot de passe est trop long.');
  });

  it('creates an unverified customer account that can then sign in and get a token with its permissions', async () => {
    const browser = new Browser(app);
    const { uid, verifier } = await startSignIn(browser);
    const email = `new-${Date.now()}@example.com`;
    const res = await browser.post(`/oidc/interaction/${uid}/register`, {
      firstName: 'Nadia',
      lastName: 'Bouchard',
      email,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Check your email');
    const user = await findUserByEmail(app.db, email);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.emailVerifiedAt).toBeNull();
    expect(await rolesOf(app.db, user?.id ?? '')).toEqual(['customer']);
    // "Continue to sign in" leads to the same interaction's sign-in form.
    expect(res.body).toContain(`href="/oidc/interaction/${uid}?lang=en"`);
    const login = await browser.post(`/oidc/interaction/${uid}/login`, { email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(303);
    const { callback } = await browser.follow(login);
    const tokens = await exchangeCode(app, callback?.searchParams.get('code') ?? '', verifier);
    const claims = decodePayload(tokens.access_token);
    expect(claims.permissions).toEqual(['customer']);
    expect(claims['https://eclat.example/email']).toBe(email);
  });
});

describe('sign in', () => {
  it('refuses a wrong password with a message that does not tell whether the account exists', async () => {
    const user = await createTestUser(app);
    const browser = new Browser(app);
    const { uid } = await startSignIn(browser);
    const wrongPassword = await browser.post(`/oidc/interaction/${uid}/login?lang=en`, {
      email: user.email,
      password: 'nope nope nope',
    });
    const noAccount = await browser.post(`/oidc/interaction/${uid}/login?lang=en`, {
      email: 'ghost@example.com',
      password: 'nope nope nope',
    });
    for (const res of [wrongPassword, noAccount]) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain('The email or password is incorrect.');
    }
  });

  it('refuses an email too long for an account as a wrong password, not a server error', async () => {
    const browser = new Browser(app);
    const { uid } = await startSignIn(browser);
    const res = await browser.post(`/oidc/interaction/${uid}/login?lang=en`, {
      email: `${'a'.repeat(6000)}@example.com`,
      password: 'nope nope nope',
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('The email or password is incorrect.');
  });

  it('refuses a form posted from another site', async () => {
    const user = await createTestUser(app);
    const browser = new Browser(app);
    const { uid } = await startSignIn(browser);
    const res = await browser.post(
      `/oidc/interaction/${uid}/login`,
      { email: user.email, password: TEST_PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
  });

  it('sets its cookies HttpOnly and SameSite=Lax, and sends a content security policy', async () => {
    const res = await app.inject({ method: 'GET', url: authorizeUrl(pkce().challenge) });
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/httponly/i);
      expect(cookie).toMatch(/samesite=lax/i);
      expect(cookie).not.toMatch(/;\s*secure/i); // http in tests; https sets Secure (next test)
    }
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('marks cookies Secure when the public address is https', async () => {
    const secureApp = await buildApp(testConfig({ PUBLIC_URL: 'https://book.eclat.example' }), {
      databaseUrl: await createTestDatabase(),
    });
    try {
      const res = await secureApp.inject({
        method: 'GET',
        url: authorizeUrl(pkce().challenge)
          .replace(
            encodeURIComponent('http://localhost:3000/auth/callback'),
            encodeURIComponent('https://book.eclat.example/auth/callback'),
          )
          .replace(
            encodeURIComponent('http://localhost:3000/api'),
            encodeURIComponent('https://book.eclat.example/api'),
          ),
        headers: { 'x-forwarded-proto': 'https' },
      });
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i);
    } finally {
      await secureApp.close();
    }
  });
});

describe('forgot password', () => {
  async function mailbox() {
    const dir = path.join(dataDir, 'mail');
    // Finished messages only: a message being written is a hidden `.partial` file until it is renamed.
    return (await fs.readdir(dir).catch(() => []))
      .filter((file) => file.endsWith('.eml'))
      .map((file) => path.join(dir, file));
  }

  it('answers the same for unknown addresses and sends nothing', async () => {
    const before = (await mailbox()).length;
    const browser = new Browser(app);
    const { uid } = await startSignIn(browser);
    const res = await browser.post(`/oidc/interaction/${uid}/forgot?lang=en`, {
      email: 'nobody-here@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('If an account exists for this address');
    await jobsSettled(app.db.$client, ['password-reset', 'email']);
    expect((await mailbox()).length).toBe(before);
  });

  it('emails a link that sets a new password once, and signs the account out everywhere', async () => {
    const user = await createTestUser(app);
    const oldTokens = await signInThroughProvider(app, user.email);
    // A link asked for earlier and never used.
    const olderToken = 'older-link-token-value';
    await app.db.insert(passwordResetTokens).values({
      tokenHash: createHash('sha256').update(olderToken).digest('hex'),
      userId: user.id,
      expiresAt: new Date(Date.now() + 10 * 60_000),
    });
    const browser = new Browser(app);
    const { uid } = await startSignIn(browser, { ui_locales: 'fr' });
    const res = await browser.post(`/oidc/interaction/${uid}/forgot`, { email: user.email });
    expect(res.body).toContain('Si un compte existe pour cette adresse');

    let file: string | undefined;
    await expect
      .poll(
        async () => {
          for (const candidate of await mailbox()) if (candidate.includes(user.email)) file = candidate;
          return file;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBeTruthy();
    const email = await PostalMime.parse(await fs.readFile(file ?? '', 'utf8'));
    expect(email.subject).toBe('Réinitialisez votre mot de passe Éclat');
    const link = /https?:\/\/\S+reset-password\?token=[\w-]+&lang=fr/.exec(email.text ?? '')?.[0];
    expect(link).toBeTruthy();
    const resetUrl = new URL(link ?? '');

    const form = await browser.get(`${resetUrl.pathname}${resetUrl.search}`);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Choisissez un nouveau mot de passe');
    const mismatch = await browser.post(`${resetUrl.pathname}${resetUrl.search}`, {
      password: 'a brand new passphrase 7',
      confirm: 'other',
    });
    expect(mismatch.body).toContain('Les deux mots de passe sont différents.');
    const done = await browser.post(`${resetUrl.pathname}${resetUrl.search}`, {
      password: 'a brand new passphrase 7',
      confirm: 'a brand new passphrase 7',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Votre mot de passe a été changé.');

    // The link works once, and an older link sent earlier stops working too.
    const again = await browser.get(`${resetUrl.pathname}${resetUrl.search}`);
    expect(again.statusCode).toBe(400);
    const older = await browser.get(`/oidc/account/reset-password?token=${olderToken}`);
    expect(older.statusCode).toBe(400);
    // Old password refused, new one accepted, earlier sessions ended.
    await expect(signInThroughProvider(app, user.email)).rejects.toThrow('sign-in refused (401)');
    await expect(signInThroughProvider(app, user.email, 'a brand new passphrase 7')).resolves.toHaveProperty(
      'access_token',
    );
    expect((await refresh(app, oldTokens.refresh_token ?? '')).statusCode).toBe(400);
  });
});

describe('sign-in state', () => {
  it('lets only one of two parallel uses of a refresh token succeed', async () => {
    const user = await createTestUser(app);
    const tokens = await signInThroughProvider(app, user.email);
    const [a, b] = await Promise.all([
      refresh(app, tokens.refresh_token ?? ''),
      refresh(app, tokens.refresh_token ?? ''),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it('survives a server restart: the refresh token still works on a new process', async () => {
    const user = await createTestUser(app);
    const tokens = await signInThroughProvider(app, user.email);
    const restarted = await buildApp(testConfig({ DATA_DIR: dataDir }), { databaseUrl });
    try {
      const res = await refresh(restarted, tokens.refresh_token ?? '');
      expect(res.statusCode).toBe(200);
      const renewed = res.json<{ access_token: string; refresh_token: string }>();
      expect(renewed.refresh_token).not.toBe(tokens.refresh_token); // rotated
      const me = await restarted.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${renewed.access_token}` },
      });
      expect(me.json()).toMatchObject({ email: user.email });
    } finally {
      await restarted.close();
    }
  });
});
