import { PERMISSIONS, type AuthConfig, type Permission } from '@eclat/shared';

/** What the app reads from an access token (spec §3): the permission list and the email. */
export type AccessTokenClaims = {
  email: string | null;
  permissions: Permission[];
};

/** The two claims' names come from the server's AuthConfig (they differ between providers). */
export type ClaimNames = Pick<AuthConfig, 'permissionsClaim' | 'emailClaim'>;

function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/** base64url (RFC 4648 §5, no padding) to text; throws on anything that is not valid base64url UTF-8. */
function decodeBase64Url(segment: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) throw new Error('not base64url');
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Reads the permissions and the email from an access token (a JWT: header.payload.signature). The
 * signature is not checked here: the API verifies every token it receives; the browser only uses
 * the claims to choose what to show.
 *
 * Returns null when the token cannot be read (spec §4, §8: the user is then treated as signed out
 * with no permissions): not three segments, bad base64url or JSON, a payload that is not an object,
 * or a permissions claim that is present but not an array. A token without the permissions claim
 * is readable and grants nothing. Unknown permission values are dropped, duplicates kept once.
 */
export function decodeAccessToken(
  token: string | null | undefined,
  claims: ClaimNames,
): AccessTokenClaims | null {
  if (typeof token !== 'string') return null;
  const segments = token.split('.');
  if (segments.length !== 3) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(segments[1] ?? ''));
  } catch {
    return null;
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const record = payload as Record<string, unknown>;

  const rawPermissions = record[claims.permissionsClaim];
  if (rawPermissions !== undefined && !Array.isArray(rawPermissions)) return null;
  const permissions = [...new Set((rawPermissions ?? []).filter(isPermission))];

  const rawEmail = record[claims.emailClaim];
  const email = typeof rawEmail === 'string' && rawEmail.trim() !== '' ? rawEmail.trim() : null;

  return { email, permissions };
}
