import { paths } from '@/config/paths';

import type { Session } from './session';

/**
 * The session of a pre-rendered public page: a visitor, signed out. A page whose browser holds a session
 * (or comes back from the provider's sign-out) starts the single-page app instead (entries/public.tsx).
 * Log In loads the sign-in code when it is pressed.
 */
export const visitorSession: Session = {
  status: 'signed-out',
  email: null,
  permissions: [],
  hasAny: () => false,
  signIn: async (returnTo) => {
    const { signInVisitor } = await import('./visitor-sign-in');
    await signInVisitor(returnTo);
  },
  signOut: () => Promise.resolve(),
  signInError: null,
};

/** The OpenID Connect library keeps the signed-in user under this prefix (user-manager.ts: localStorage). */
const STORED_USER_PREFIX = 'oidc.user:';

/** This browser holds a signed-in user (possibly expired but renewable): the app must decide. */
export function hasStoredSession(): boolean {
  try {
    for (let index = 0; index < window.localStorage.length; index += 1) {
      if (window.localStorage.key(index)?.startsWith(STORED_USER_PREFIX)) return true;
    }
  } catch {
    // Storage blocked: no session can be stored either.
  }
  return false;
}

/** The provider sends the browser back to / with `?state=` after signing out. */
export function isSignOutReturnAddress(location: Pick<Location, 'pathname' | 'search'>): boolean {
  return location.pathname === paths.home.path && new URLSearchParams(location.search).has('state');
}
