import { User, type UserManager } from 'oidc-client-ts';

/** The Web Locks name every tab of the site shares for renewing the session. */
export const RENEWAL_LOCK = 'eclat-session-renewal';

/** A token with more than this left was renewed by another tab a moment ago: use it. */
const FRESH_ENOUGH_SECONDS = 75;

type RenewingManager = Pick<UserManager, 'getUser' | 'signinSilent' | 'storeUser'> & {
  events: Pick<UserManager['events'], 'load'>;
};

/**
 * Where the tab that renewed leaves the renewed user for the next tab in line, before it lets go of the
 * lock. localStorage cannot be that place: each tab reads its own copy of it, which the browser brings up
 * to date a moment after another tab's write (Chromium: after the lock may already have passed on). A tab
 * reading its copy there saw the user from before the renewal and sent the refresh token already used,
 * which ends the session in every tab. IndexedDB is one store for all tabs: a write that has completed is
 * what the next reader gets.
 */
export type RenewalHandoff = {
  read(): Promise<string | undefined>;
  write(user: string): Promise<void>;
  clear(): Promise<void>;
};

const HANDOFF_DB = 'eclat-session';
const HANDOFF_STORE = 'renewal';
const HANDOFF_KEY = 'user';

/** IndexedDB's handoff, or undefined without IndexedDB (renewal then relies on localStorage alone). */
export function browserHandoff(): RenewalHandoff | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(HANDOFF_DB, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(HANDOFF_STORE);
      };
      request.onsuccess = () => {
        resolve(request.result);
      };
      request.onerror = () => {
        reject(request.error ?? new Error('IndexedDB did not open'));
      };
    });
  const run = async <T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>) => {
    const db = await open();
    try {
      return await new Promise<T>((resolve, reject) => {
        const transaction = db.transaction(HANDOFF_STORE, mode);
        const request = act(transaction.objectStore(HANDOFF_STORE));
        // Resolved once committed: the next tab in line reads it.
        transaction.oncomplete = () => {
          resolve(request.result);
        };
        transaction.onerror = () => {
          reject(transaction.error ?? new Error('IndexedDB transaction failed'));
        };
        transaction.onabort = () => {
          reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
        };
      });
    } finally {
      db.close();
    }
  };
  return {
    read: async () => {
      const value = await run<unknown>('readonly', (store) => store.get(HANDOFF_KEY));
      return typeof value === 'string' ? value : undefined;
    },
    write: async (user) => {
      await run('readwrite', (store) => store.put(user, HANDOFF_KEY));
    },
    clear: async () => {
      await run('readwrite', (store) => store.delete(HANDOFF_KEY));
    },
  };
}

/** Web Locks (every browser the site supports has them; without, renewal simply runs). */
function browserLocks(): LockManager | undefined {
  return (navigator as Partial<Navigator>).locks;
}

async function handedOver(handoff: RenewalHandoff | undefined): Promise<User | null> {
  try {
    const value = await handoff?.read();
    return value ? User.fromStorageString(value) : null;
  } catch {
    return null;
  }
}

/**
 * Renews the session once for all open tabs. Refresh tokens rotate: two tabs sending the same one
 * would look like a stolen token, and the provider would end the session everywhere. So tabs take
 * turns (Web Locks); the tab that renews hands the new user over (`RenewalHandoff`) before the next one
 * gets the lock, and a tab that waited takes the newest of its stored user and the handed-over one: if
 * another tab has just renewed, it keeps that user instead of renewing again, and otherwise renews with
 * the latest refresh token. Resolves to the live user, or null when the session could not be renewed.
 */
export async function renewSession(
  manager: RenewingManager,
  locks = browserLocks(),
  handoff = browserHandoff(),
) {
  const renew = async (): Promise<User | null> => {
    const stored = await manager.getUser();
    if (!stored) return renewOrNull(manager, handoff);
    const handed = await handedOver(handoff);
    // Only the same account's, and only when newer than this tab's copy (which may not show it yet).
    const latest =
      handed?.profile.sub === stored.profile.sub && (handed.expires_at ?? 0) > (stored.expires_at ?? 0)
        ? handed
        : stored;
    if (latest !== stored) await manager.storeUser(latest);
    if (!latest.expired && (latest.expires_in ?? 0) > FRESH_ENOUGH_SECONDS) {
      await manager.events.load(latest);
      return latest;
    }
    return renewOrNull(manager, handoff);
  };
  return locks ? locks.request(RENEWAL_LOCK, renew) : renew();
}

async function renewOrNull(manager: RenewingManager, handoff: RenewalHandoff | undefined) {
  let renewed: User | null;
  try {
    renewed = await manager.signinSilent();
  } catch {
    return null;
  }
  try {
    if (renewed) await handoff?.write(renewed.toStorageString());
  } catch {
    // Without the handoff, the next tab reads its copy of localStorage, as before.
  }
  return renewed;
}
