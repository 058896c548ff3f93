import { generateKeyPair, exportJWK, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { EMPLOYEE_ROLE_ID, ROLE_IDS, errorBodySchema, meSchema } from '@eclat/shared';
import { users } from '../../db/schema/index.ts';
import { revokeRoles } from './accounts.repository.ts';
import { eq } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  AUDIENCE,
  bearer,
  createTestUser,
  decodePayload,
  ISSUER,
  refresh,
  signAccessToken,
  signInThroughProvider,
} from '../../../test/auth.ts';

let app: TestApp;
useTestApp((built) => (app = built));

function expectError(res: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(errorBodySchema.parse(res.json()).code).toBe(code);
}

describe('API bearer tokens', () => {
  const me = (headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });

  it('accepts a valid token and answers who is signed in', async () => {
    const user = await createTestUser(app, ['customer']);
    const res = await me(bearer(await signAccessToken(app, user, { permissions: ['customer'] })));
    expect(res.statusCode).toBe(200);
    expect(meSchema.parse(res.json())).toMatchObject({
      userId: user.id,
      email: user.email,
      permissions: ['customer'],
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a missing, expired, future, wrong-audience, wrong-issuer, badly signed or unsigned token with 401', async () => {
    const user = await createTestUser(app);
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const strangerKey = { ...(await exportJWK(privateKey)), kid: app.authKeys?.signing[0]?.kid ?? 'k' };
    const unsigned = new UnsecuredJWT({ permissions: ['admin'] })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(user.id)
      .setExpirationTime('10m')
      .encode();
    const cases: [string, Record<string, string>][] = [
      ['missing', {}],
      ['not bearer', { authorization: 'Basic dXNlcjpwYXNz' }],
      ['garbage', bearer('not.a.token')],
      [
        'expired',
        bearer(await signAccessToken(app, user, { expiresIn: Math.floor(Date.now() / 1000) - 120 })),
      ],
      [
        'not yet valid',
        bearer(await signAccessToken(app, user, { notBefore: Math.floor(Date.now() / 1000) + 600 })),
      ],
      ['wrong audience', bearer(await signAccessToken(app, user, { audience: 'https://other.example/api' }))],
      ['wrong issuer', bearer(await signAccessToken(app, user, { issuer: 'https://evil.example/oidc' }))],
      ['badly signed', bearer(await signAccessToken(app, user, { key: strangerKey }))],
      ['alg none', bearer(unsigned)],
    ];
    for (const [name, headers] of cases) {
      const res = await me(headers);
      expect(res.statusCode, name).toBe(401);
      expect(errorBodySchema.parse(res.json()).code, name).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses the token of an account that was deleted', async () => {
    const user = await createTestUser(app);
    const token = await signAccessToken(app, user);
    await app.db.delete(users).where(eq(users.id, user.id));
    expectError(await me(bearer(token)), 401, 'UNAUTHENTICATED');
  });

  it('takes identity from the token, never from the user-email header', async () => {
    const user = await createTestUser(app);
    const res = await me({
      ...bearer(await signAccessToken(app, user)),
      'x-user-email': 'admin@example.com',
    });
    expect(res.json()).toMatchObject({ email: user.email });
  });

  it('trusts only the database for roles: a claim it does not back is ignored, and a removed role stops at once', async () => {
    const user = await createTestUser(app, ['customer']);
    const claimsAdmin = await signAccessToken(app, user, { permissions: ['admin', 'customer'] });
    expect(meSchema.parse((await me(bearer(claimsAdmin))).json()).permissions).toEqual(['customer']);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/auth/users', headers: bearer(claimsAdmin) }))
        .statusCode,
    ).toBe(403);

    const admin = await createTestUser(app, ['admin']);
    const adminToken = bearer(await signAccessToken(app, admin, { permissions: ['admin'] }));
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/auth/users', headers: adminToken })).statusCode,
    ).toBe(200);
    await revokeRoles(app.db, admin.id, ['admin']);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/auth/users', headers: adminToken })).statusCode,
    ).toBe(403);
  });
});

describe('admin-only endpoints', () => {
  const endpoints = [
    { method: 'GET' as const, url: () => '/api/v1/auth/users' },
    { method: 'GET' as const, url: (id: string) => `/api/v1/auth/users/${id}/permissions` },
    {
      method: 'POST' as const,
      url: (id: string) => `/api/v1/auth/users/${id}/roles`,
      payload: { roleId: EMPLOYEE_ROLE_ID },
    },
    {
      method: 'DELETE' as const,
      url: (id: string) => `/api/v1/auth/users/${id}/roles`,
      payload: { roleId: EMPLOYEE_ROLE_ID },
    },
    { method: 'GET' as const, url: () => '/api/v1/admin/jobs/failed' },
  ];

  it('answer 401 to anonymous callers and 403 to customers and employees', async () => {
    const target = await createTestUser(app);
    const customer = await createTestUser(app, ['customer']);
    const employee = await createTestUser(app, ['employee']);
    for (const endpoint of endpoints) {
      const request = {
        method: endpoint.method,
        url: endpoint.url(target.id),
        ...(endpoint.payload ? { payload: endpoint.payload } : {}),
      };
      expectError(await app.inject(request), 401, 'UNAUTHENTICATED');
      for (const [role, user] of [
        ['customer', customer],
        ['employee', employee],
      ] as const) {
        const res = await app.inject({
          ...request,
          headers: bearer(await signAccessToken(app, user, { permissions: [role] })),
        });
        expect(res.statusCode, `${role} ${endpoint.method} ${request.url}`).toBe(403);
        expect(errorBodySchema.parse(res.json()).code).toBe('FORBIDDEN');
      }
    }
    expect(await app.db.$count(users, eq(users.id, target.id))).toBe(1);
  });

  it('let an admin list users and assign and remove the employee role, idempotently', async () => {
    const admin = await createTestUser(app, ['admin']);
    const target = await createTestUser(app, ['customer']);
    const headers = bearer(await signAccessToken(app, admin, { permissions: ['admin'] }));
    const permissionsOf = async () =>
      (await app.inject({ method: 'GET', url: `/api/v1/auth/users/${target.id}/permissions`, headers })).json<
        { permission_name: string }[]
      >();

    const list = await app.inject({ method: 'GET', url: '/api/v1/auth/users', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(
      expect.arrayContaining([
        { user_id: target.id, email: target.email, first_name: target.firstName, last_name: 'Tester' },
      ]),
    );
    expect(await permissionsOf()).toEqual([{ permission_name: 'customer' }]);

    for (let i = 0; i < 2; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/auth/users/${target.id}/roles`,
        headers,
        payload: { roleId: EMPLOYEE_ROLE_ID },
      });
      expect(res.statusCode).toBe(204);
    }
    expect(await permissionsOf()).toEqual([{ permission_name: 'employee' }, { permission_name: 'customer' }]);

    for (let i = 0; i < 2; i += 1) {
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/v1/auth/users/${target.id}/roles`,
        headers,
        payload: { roleId: EMPLOYEE_ROLE_ID },
      });
      expect(res.statusCode).toBe(204);
    }
    expect(await permissionsOf()).toEqual([{ permission_name: 'customer' }]);
  });

  it('accept only the employee role id, and only known users', async () => {
    const admin = await createTestUser(app, ['admin']);
    const target = await createTestUser(app);
    const headers = bearer(await signAccessToken(app, admin, { permissions: ['admin'] }));
    const promote = await app.inject({
      method: 'POST',
      url: `/api/v1/auth/users/${target.id}/roles`,
      headers,
      payload: { roleId: ROLE_IDS.admin },
    });
    expectError(promote, 400, 'VALIDATION_ERROR');
    const garbage = await app.inject({
      method: 'POST',
      url: `/api/v1/auth/users/${target.id}/roles`,
      headers,
      payload: { roleId: 'x' },
    });
    expectError(garbage, 400, 'VALIDATION_ERROR');
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/00000000-0000-4000-8000-000000000000/roles',
      headers,
      payload: { roleId: EMPLOYEE_ROLE_ID },
    });
    expectError(unknown, 404, 'NOT_FOUND');
  });

  it('a token issued after the role was assigned carries it, and one issued after removal does not', async () => {
    const admin = await createTestUser(app, ['admin']);
    const target = await createTestUser(app, ['customer']);
    const headers = bearer(await signAccessToken(app, admin, { permissions: ['admin'] }));
    const tokens = await signInThroughProvider(app, target.email);
    expect(decodePayload(tokens.access_token).permissions).toEqual(['customer']);

    await app.inject({
      method: 'POST',
      url: `/api/v1/auth/users/${target.id}/roles`,
      headers,
      payload: { roleId: EMPLOYEE_ROLE_ID },
    });
    const afterGrant = await refresh(app, tokens.refresh_token ?? '');
    expect(afterGrant.statusCode).toBe(200);
    const granted = afterGrant.json<{ access_token: string; refresh_token: string }>();
    expect(decodePayload(granted.access_token).permissions).toEqual(['employee', 'customer']);

    await app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/users/${target.id}/roles`,
      headers,
      payload: { roleId: EMPLOYEE_ROLE_ID },
    });
    const afterRemoval = await refresh(app, granted.refresh_token);
    expect(decodePayload(afterRemoval.json<{ access_token: string }>().access_token).permissions).toEqual([
      'customer',
    ]);
  });
});

describe('the failed jobs list', () => {
  it('is readable by an admin', async () => {
    const admin = await createTestUser(app, ['admin']);
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/jobs/failed',
      headers: bearer(await signAccessToken(app, admin, { permissions: ['admin'] })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
