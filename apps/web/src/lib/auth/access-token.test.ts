import { describe, expect, it } from 'vitest';

import { decodeAccessToken } from './access-token';

const CLAIMS = { permissionsClaim: 'permissions', emailClaim: 'https://eclat.example/email' };

function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** An unsigned JWT with this payload; the browser never checks the signature. */
function jwt(payload: unknown, header: unknown = { alg: 'RS256', typ: 'at+jwt' }): string {
  return `${base64Url(JSON.stringify(header))}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

describe('decodeAccessToken', () => {
  it('reads the permissions and the email from the configured claims', () => {
    const token = jwt({
      sub: 'u-1',
      permissions: ['employee', 'customer'],
      'https://eclat.example/email': 'sam@example.com',
    });
    expect(decodeAccessToken(token, CLAIMS)).toEqual({
      email: 'sam@example.com',
      permissions: ['employee', 'customer'],
    });
  });

  it('follows claim names other than the defaults (an external provider)', () => {
    const token = jwt({ 'https://app/roles': ['admin'], email_address: 'a@example.com', permissions: 'x' });
    expect(
      decodeAccessToken(token, { permissionsClaim: 'https://app/roles', emailClaim: 'email_address' }),
    ).toEqual({ email: 'a@example.com', permissions: ['admin'] });
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    const token = jwt({ permissions: ['customer'], 'https://eclat.example/email': 'élise@exemple.ca' });
    expect(decodeAccessToken(token, CLAIMS)?.email).toBe('élise@exemple.ca');
  });

  it('grants nothing when the permissions claim is missing, and has no email without its claim', () => {
    expect(decodeAccessToken(jwt({ sub: 'u-1', email: 'plain@example.com' }), CLAIMS)).toEqual({
      email: null,
      permissions: [],
    });
  });

  it('treats a permissions claim that is not an array as unreadable', () => {
    for (const value of ['admin', { admin: true }, 1, null]) {
      expect(decodeAccessToken(jwt({ permissions: value }), CLAIMS)).toBeNull();
    }
  });

  it('drops unknown permission values and duplicates', () => {
    const token = jwt({ permissions: ['superuser', 'customer', 42, null, 'Admin', 'customer', 'employee'] });
    expect(decodeAccessToken(token, CLAIMS)?.permissions).toEqual(['customer', 'employee']);
  });

  it('ignores an email claim that is not a non-empty string', () => {
    expect(
      decodeAccessToken(jwt({ permissions: [], 'https://eclat.example/email': 7 }), CLAIMS)?.email,
    ).toBeNull();
    expect(
      decodeAccessToken(jwt({ permissions: [], 'https://eclat.example/email': '  ' }), CLAIMS)?.email,
    ).toBeNull();
  });

  it.each([
    ['no token', undefined],
    ['an empty string', ''],
    ['an opaque token', 'kq1Vg9m3pXoZ0bN7'],
    ['two segments', `${base64Url('{}')}.${base64Url('{"permissions":[]}')}`],
    ['an encrypted token (five segments)', 'a.b.c.d.e'],
    ['a payload that is not base64url', 'eyJhbGciOiJub25lIn0.%%%.sig'],
    ['a payload that is not JSON', `eyJhbGciOiJub25lIn0.${base64Url('not json')}.sig`],
    [
      'a payload that is not UTF-8',
      `eyJhbGciOiJub25lIn0.${Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')}.sig`,
    ],
    ['a JSON array payload', `eyJhbGciOiJub25lIn0.${base64Url('["admin"]')}.sig`],
    ['a JSON string payload', `eyJhbGciOiJub25lIn0.${base64Url('"admin"')}.sig`],
    ['a null payload', `eyJhbGciOiJub25lIn0.${base64Url('null')}.sig`],
  ])('returns null for %s', (_case, token) => {
    expect(decodeAccessToken(token, CLAIMS)).toBeNull();
  });
});
