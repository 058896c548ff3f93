import { paths } from '@/config/paths';

/**
 * Two locations the access rule (spec §2) remembers, per browser tab (sessionStorage, so they
 * survive the round trip through the identity provider's pages):
 * - the attempted location: a protected page a signed-out visitor tried to open; after sign-in the
 *   user is taken there;
 * - the allowed location: the last page the user was allowed to see; a signed-in user who lacks
 *   the permission for a page is sent back there.
 */

/** The part of `Storage` these helpers use (a Map-backed fake in tests). */
export type LocationStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const ATTEMPTED_LOCATION_KEY = 'eclat.auth.attemptedLocation';
export const ALLOWED_LOCATION_KEY = 'eclat.auth.allowedLocation';

const HOME = paths.home.getHref();
const MAX_LOCATION_LENGTH = 2048;

/** The tab's sessionStorage, or null where there is none (tests, storage disabled). */
export function getSessionStore(): LocationStore | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Reading `sessionStorage` throws when the browser blocks storage.
    return null;
  }
}

/**
 * `value` if it is a location inside this app ("/path?query#hash"), else null. Rejects absolute
 * URLs, protocol-relative "//host" and "/\host" forms, so a stored or returned value can never
 * send the user to another site.
 */
export function toAppLocation(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LOCATION_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return null;
  }
  return value;
}

/** "/path?query#hash" of a react-router or window location. */
export function formatLocation(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

function pathnameOf(location: string): string {
  return location.split(/[?#]/)[0] ?? location;
}

function read(key: string, store: LocationStore | null): string | null {
  try {
    return toAppLocation(store?.getItem(key));
  } catch {
    return null;
  }
}

function write(key: string, location: string, store: LocationStore | null): void {
  const safe = toAppLocation(location);
  if (!safe || !store) return;
  try {
    store.setItem(key, safe);
  } catch {
    // Storage full or blocked: the app still works, it just forgets.
  }
}

function remove(key: string, store: LocationStore | null): void {
  try {
    store?.removeItem(key);
  } catch {
    // Nothing to do when storage is blocked.
  }
}

export function rememberAttemptedLocation(location: string, store = getSessionStore()): void {
  write(ATTEMPTED_LOCATION_KEY, location, store);
}

export function readAttemptedLocation(store = getSessionStore()): string | null {
  return read(ATTEMPTED_LOCATION_KEY, store);
}

export function clearAttemptedLocation(store = getSessionStore()): void {
  remove(ATTEMPTED_LOCATION_KEY, store);
}

export function readAllowedLocation(store = getSessionStore()): string | null {
  return read(ALLOWED_LOCATION_KEY, store);
}

/**
 * Called for every location the guard lets the user see. The sign-in callback page is never an
 * origin. Opening a page other than home also drops a pending attempted location: a visitor who was
 * sent home from a protected page and then chose another page wants to come back to that one.
 */
export function trackAllowedLocation(location: string, store = getSessionStore()): void {
  const pathname = pathnameOf(location);
  if (pathname === paths.authCallback.path) return;
  write(ALLOWED_LOCATION_KEY, location, store);
  if (pathname !== HOME) remove(ATTEMPTED_LOCATION_KEY, store);
}

/**
 * Where to come back to after signing in: the location asked for (the services page asks for the
 * date and time page), else the protected page the visitor was sent home from, else the current
 * page (the Log In button), else home. The callback page itself is never a destination.
 */
export function pickReturnTo({
  requested,
  attempted,
  current,
}: {
  requested?: string | null;
  attempted: string | null;
  current: string | null;
}): string {
  const usable = (value: string | null | undefined) => {
    const location = toAppLocation(value);
    return location && pathnameOf(location) !== paths.authCallback.path ? location : null;
  };
  return usable(requested) ?? usable(attempted) ?? usable(current) ?? HOME;
}

/**
 * Where a signed-in user without the permission goes: back to the last page they were allowed to
 * see, or home. Never the refused page itself (its permission may just have been withdrawn).
 */
export function pickDenyTarget({ origin, current }: { origin: string | null; current: string }): string {
  const location = toAppLocation(origin);
  return location && location !== current ? location : HOME;
}
