import type { Permission } from '@eclat/shared';
import { createContext, useContext } from 'react';

import { decodeAccessToken, type ClaimNames } from './access-token';
import type { SessionStatus } from './access';

/** The signed-in user as the interface sees them. Read with `useSession()`. */
export type Session = {
  status: SessionStatus;
  /** From the access token's email claim; null when signed out or absent from the token. */
  email: string | null;
  /** From the decoded access token (spec §1, §6); empty unless signed in. */
  permissions: readonly Permission[];
  /** True when the user holds any one of these permissions (false for none). */
  hasAny: (...required: Permission[]) => boolean;
  /**
   * Goes to the identity provider's sign-in page. Afterwards the user comes back to `returnTo`
   * when given (for example the date and time page, from the services page), otherwise to the
   * protected page they were sent home from, otherwise to the current page. A failure to reach the
   * provider shows a toast.
   */
  signIn: (returnTo?: string) => Promise<void>;
  /** Ends the session here and at the provider, which then sends the browser back to /. */
  signOut: () => Promise<void>;
  /** Set when completing a sign-in failed (shown by the /auth/callback page). */
  signInError: Error | null;
};

export const SessionContext = createContext<Session | null>(null);
SessionContext.displayName = 'SessionContext';

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() must be used inside <AuthProvider>.');
  return session;
}

/** The stored user, reduced to what decides the session. */
export type StoredUser = {
  accessToken: string;
  isExpired: boolean;
  /** A refresh token is there to get a new access token. */
  canRenew: boolean;
};

export type ResolvedSession = {
  status: SessionStatus;
  email: string | null;
  permissions: Permission[];
  /** The access token has expired and a refresh token may renew it: try once. */
  shouldRenew: boolean;
};

const SIGNED_OUT: ResolvedSession = {
  status: 'signed-out',
  email: null,
  permissions: [],
  shouldRenew: false,
};

/**
 * The session from the auth library's state: loading while it initialises or redirects, or while
 * an expired access token is being renewed; signed in with a live access token that can be read;
 * otherwise signed out with no permissions (spec §4: an unreadable token means signed out).
 */
export function resolveSession(
  { isLoading, user }: { isLoading: boolean; user: StoredUser | null },
  claims: ClaimNames,
): ResolvedSession {
  if (isLoading) return { ...SIGNED_OUT, status: 'loading' };
  if (!user) return SIGNED_OUT;
  if (user.isExpired) {
    return user.canRenew ? { ...SIGNED_OUT, status: 'loading', shouldRenew: true } : SIGNED_OUT;
  }
  const decoded = decodeAccessToken(user.accessToken, claims);
  if (!decoded) return SIGNED_OUT;
  return { status: 'signed-in', email: decoded.email, permissions: decoded.permissions, shouldRenew: false };
}

/** What the API says of the signed-in account (`GET /auth/me`), as far as it has answered. */
export type AccountPermissions =
  { status: 'pending' } | { status: 'error' } | { status: 'success'; permissions: readonly Permission[] };

/**
 * With an external identity provider, roles granted here (an admin making someone an employee) live in
 * our database and are not in that provider's tokens: the API's answer adds them. Guards wait (loading)
 * until it answers; if it cannot, the token's own permissions apply. `account` is null with the
 * embedded provider, whose tokens carry every role.
 */
export function withAccountPermissions(
  resolved: ResolvedSession,
  account: AccountPermissions | null,
): ResolvedSession {
  if (!account || resolved.status !== 'signed-in') return resolved;
  if (account.status === 'pending') return { ...resolved, status: 'loading' };
  if (account.status === 'error') return resolved;
  return { ...resolved, permissions: [...new Set([...resolved.permissions, ...account.permissions])] };
}
