import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meSchema } from '@eclat/shared';
import { buildApp } from '../app.ts';
import { eq } from 'drizzle-orm';
import { customers, users } from '../db/schema/index.ts';
import { createUser, findUserByEmail, rolesOf } from '../modules/auth/accounts.repository.ts';
import { freePort } from '../lib/free-port.ts';
import { createTestDatabase, testConfig } from '../../test/helpers.ts';
import { createTestUser, signAccessToken, signInThroughProvider } from '../../test/auth.ts';
import { makeCustomerRecord } from '../../test/factories.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * External provider mode: one instance of Éclat plays the external identity provider (listening, with
 * discovery and JWKS over HTTP); a second one is configured with OIDC_ISSUER and trusts only its tokens.
 */
let issuerApp: App;
let apiApp: App;
let issuer: string;
let audience: string;

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  issuer = `${base}/oidc`;
  audience = `${base}/api`;
  issuerApp = await buildApp(testConfig({ PUBLIC_URL: base }), { databaseUrl: await createTestDatabase() });
  await issuerApp.listen({ port, host: '127.0.0.1' });
  apiApp = await buildApp(
    testConfig({ OIDC_ISSUER: issuer, OIDC_AUDIENCE: audience, OIDC_CLIENT_ID: 'eclat-web' }),
    { databaseUrl: await createTestDatabase() },
  );
});
afterAll(async () => {
  await apiApp.close();
  await issuerApp.close();
});

describe('with an external OpenID Connect provider', () => {
  it('publishes the external issuer to the web app and runs no provider of its own', async () => {
    const config = await apiApp.inject({ method: 'GET', url: '/api/v1/auth/config' });
    expect(config.json()).toMatchObject({
      authority: issuer,
      audience,
      clientId: 'eclat-web',
      provider: 'external',
    });
    expect(
      (await apiApp.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode,
    ).toBe(404);
    expect(apiApp.authKeys).toBeNull();
  });

  it("accepts the issuer's tokens, creates the person's account as a customer, and adds the token's permissions", async () => {
    const person = await createTestUser(issuerApp, ['customer']);
    const tokens = await signInThroughProvider(issuerApp, person.email, undefined, {
      publicUrl: issuer.replace(/\/oidc$/, ''),
    });
    const res = await apiApp.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    const me = meSchema.parse(res.json());
    expect(me.email).toBe(person.email);
    const local = await findUserByEmail(apiApp.db, person.email);
    expect(local?.externalSubject).toBe(person.id);
    expect(await rolesOf(apiApp.db, local?.id ?? '')).toEqual(['customer']);

    // A permission granted at the provider (in the token's claim) counts too.
    const adminAtProvider = await signAccessToken(issuerApp, person, {
      permissions: ['admin'],
      issuer,
      audience,
    });
    const users = await apiApp.inject({
      method: 'GET',
      url: '/api/v1/auth/users',
      headers: { authorization: `Bearer ${adminAtProvider}` },
    });
    expect(users.statusCode).toBe(200);
  });

  it('never links an existing account by an email the provider has not verified (no takeover)', async () => {
    // An admin exists here; someone signs up at the provider with the same email, unverified.
    await createUser(
      apiApp.db,
      { email: 'boss@example.com', passwordHash: null, firstName: 'Boss', lastName: 'Owner' },
      ['admin'],
    );
    const impostor = await createTestUser(issuerApp, ['customer']);
    await issuerApp.db.update(users).set({ email: 'BOSS@example.com' }).where(eq(users.id, impostor.id));
    const tokens = await signInThroughProvider(issuerApp, 'BOSS@example.com', undefined, {
      publicUrl: issuer.replace(/\/oidc$/, ''),
    });
    const res = await apiApp.inject({
      method: 'GET',
      url: '/api/v1/auth/users',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.statusCode).toBe(403);
    const boss = await findUserByEmail(apiApp.db, 'boss@example.com');
    expect(boss?.externalSubject).toBeNull();
  });

  it("links a customer record only once the provider's token says email_verified: true", async () => {
    const email = `ext-${Date.now()}@example.com`;
    const record = await makeCustomerRecord(apiApp, {
      firstName: 'Rose',
      lastName: 'Tremblay',
      email,
      phoneNumber: '514-555-0188',
    });
    const person = { id: `ext-subject-${Date.now()}`, email };
    const tokenSaying = (verified: boolean) =>
      signAccessToken(issuerApp, person, { issuer, audience, claims: { email_verified: verified } });
    const ask = async (token: string) => ({
      me: meSchema.parse(
        (
          await apiApp.inject({
            method: 'GET',
            url: '/api/v1/auth/me',
            headers: { authorization: `Bearer ${token}` },
          })
        ).json(),
      ),
      profile: await apiApp.inject({
        method: 'GET',
        url: `/api/v1/customers/byEmail?email=${encodeURIComponent(email)}`,
        headers: { authorization: `Bearer ${token}` },
      }),
    });

    const unverified = await ask(await tokenSaying(false));
    expect(unverified.me.emailVerified).toBe(false);
    expect(unverified.profile.statusCode).toBe(404);
    expect((await findUserByEmail(apiApp.db, email))?.emailVerifiedAt).toBeNull();

    const verified = await ask(await tokenSaying(true));
    expect(verified.me.emailVerified).toBe(true);
    expect(verified.profile.statusCode).toBe(200);
    expect(verified.profile.json()).toMatchObject({ customerId: record.id });
    const account = await findUserByEmail(apiApp.db, email);
    expect(account?.emailVerifiedAt).toBeInstanceOf(Date);
    const [linked] = await apiApp.db.select().from(customers).where(eq(customers.id, record.id));
    expect(linked?.userId).toBe(account?.id);
  });

  it('answers 503, not 401, when the provider cannot be reached', async () => {
    const port = await freePort(); // nothing listens here
    const offline = await buildApp(
      testConfig({
        OIDC_ISSUER: `http://127.0.0.1:${port}/oidc`,
        OIDC_AUDIENCE: audience,
        OIDC_CLIENT_ID: 'eclat-web',
      }),
      { databaseUrl: await createTestDatabase() },
    );
    try {
      const person = await createTestUser(issuerApp, ['customer']);
      const token = await signAccessToken(issuerApp, person, {
        issuer: `http://127.0.0.1:${port}/oidc`,
        audience,
      });
      const res = await offline.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await offline.close();
    }
  });

  it("refuses tokens the issuer did not sign, and the issuer's tokens for another audience", async () => {
    const person = await createTestUser(issuerApp, ['customer']);
    const foreign = await signAccessToken(issuerApp, person, {
      issuer,
      audience: 'https://someone-else.example/api',
    });
    const res = await apiApp.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${foreign}` },
    });
    expect(res.statusCode).toBe(401);
  });
});
