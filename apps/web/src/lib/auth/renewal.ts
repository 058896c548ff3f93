import type { User, UserManager } from 'oidc-client-ts';

/** The Web Locks name every tab of the site shares for renewing the session. */
export const RENEWAL_LOCK = 'eclat-session-renewal';

/** A token with more than this left was renewed by another tab a moment ago: use it. */
const FRESH_ENOUGH_SECONDS = 75;

type RenewingManager = Pick<UserManager, 'getUser' | 'signinSilent'> & {
  events: Pick<UserManager['events'], 'load'>;
};

/** Web Locks (every browser the site supports has them; without, renewal simply runs). */
function browserLocks(): LockManager | undefined {
  return (navigator as Partial<Navigator>).locks;
}

/**
 * Renews the session once for all open tabs. Refresh tokens rotate: two tabs sending the same one
 * would look like a stolen token, and the provider would end the session everywhere. So tabs take
 * turns (Web Locks), and a tab that waited first reads the shared store: if another tab has just
 * renewed, it takes that user instead of renewing again. Resolves to the live user, or null when the
 * session could not be renewed.
 */
export async function renewSession(manager: RenewingManager, locks = browserLocks()) {
  const renew = async (): Promise<User | null> => {
    const stored = await manager.getUser();
    if (stored && !stored.expired && (stored.expires_in ?? 0) > FRESH_ENOUGH_SECONDS) {
      await manager.events.load(stored);
      return stored;
    }
    try {
      return await manager.signinSilent();
    } catch {
      return null;
    }
  };
  return locks ? locks.request(RENEWAL_LOCK, renew) : renew();
}
