import { describe, expect, it } from 'vitest';

import { resolveSession, withAccountPermissions } from './session';

const CLAIMS = { permissionsClaim: 'permissions', emailClaim: 'https://eclat.example/email' };

function jwt(payload: unknown): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'RS256', typ: 'at+jwt' })}.${encode(payload)}.sig`;
}

const EMPLOYEE_TOKEN = jwt({ permissions: ['employee'], 'https://eclat.example/email': 'emp@example.com' });

describe('resolveSession', () => {
  it('is loading while the auth library initialises or redirects', () => {
    expect(resolveSession({ isLoading: true, user: null }, CLAIMS)).toEqual({
      status: 'loading',
      email: null,
      permissions: [],
      shouldRenew: false,
    });
  });

  it('is signed out without a stored user', () => {
    expect(resolveSession({ isLoading: false, user: null }, CLAIMS).status).toBe('signed-out');
  });

  it('is signed in with the permissions and email of a live, readable access token', () => {
    const user = { accessToken: EMPLOYEE_TOKEN, isExpired: false, canRenew: true };
    expect(resolveSession({ isLoading: false, user }, CLAIMS)).toEqual({
      status: 'signed-in',
      email: 'emp@example.com',
      permissions: ['employee'],
      shouldRenew: false,
    });
  });

  it('treats an unreadable access token as signed out with no permissions (spec §4)', () => {
    for (const accessToken of ['opaque-token', jwt({ permissions: 'admin' })]) {
      expect(
        resolveSession({ isLoading: false, user: { accessToken, isExpired: false, canRenew: true } }, CLAIMS),
      ).toEqual({ status: 'signed-out', email: null, permissions: [], shouldRenew: false });
    }
  });

  it('waits for a renewal when the access token expired and a refresh token is there', () => {
    const user = { accessToken: EMPLOYEE_TOKEN, isExpired: true, canRenew: true };
    expect(resolveSession({ isLoading: false, user }, CLAIMS)).toEqual({
      status: 'loading',
      email: null,
      permissions: [],
      shouldRenew: true,
    });
  });

  it('is signed out when the access token expired and cannot be renewed', () => {
    const user = { accessToken: EMPLOYEE_TOKEN, isExpired: true, canRenew: false };
    expect(resolveSession({ isLoading: false, user }, CLAIMS).status).toBe('signed-out');
  });
});

describe('withAccountPermissions', () => {
  const signedIn = resolveSession(
    { isLoading: false, user: { accessToken: EMPLOYEE_TOKEN, isExpired: false, canRenew: true } },
    CLAIMS,
  );

  it('leaves the embedded provider’s session as the token says', () => {
    expect(withAccountPermissions(signedIn, null)).toBe(signedIn);
  });

  it('waits for the API with an external provider, then adds the roles granted here', () => {
    expect(withAccountPermissions(signedIn, { status: 'pending' }).status).toBe('loading');
    expect(
      withAccountPermissions(signedIn, { status: 'success', permissions: ['admin', 'employee'] }),
    ).toEqual({ ...signedIn, permissions: ['employee', 'admin'] });
  });

  it('falls back to the token’s permissions when the API cannot answer, and never signs anyone in', () => {
    expect(withAccountPermissions(signedIn, { status: 'error' })).toEqual(signedIn);
    const signedOut = resolveSession({ isLoading: false, user: null }, CLAIMS);
    expect(withAccountPermissions(signedOut, { status: 'success', permissions: ['admin'] })).toBe(signedOut);
  });
});
