import type { AuthConfig } from '@eclat/shared';
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';

import { setAccessTokenGetter, setUserEmailGetter } from '@/lib/api-client';

import { decodeAccessToken } from './access-token';
import { createOidcSettings } from './oidc-settings';
import { browserHandoff, renewSession } from './renewal';

let current: { key: string; manager: UserManager } | null = null;

/**
 * The app's one UserManager for this AuthConfig. It lives outside React on purpose: a second
 * instance (React's StrictMode renders twice in development) would renew with the same refresh
 * token, and refresh-token rotation treats that reuse as theft and ends the session.
 *
 * The user is kept in localStorage, so a reload or a new tab stays signed in, and every tab follows
 * a renewal or a sign-out made in another. Creating the manager
 * also tells the API client how to authenticate: the bearer access token and the email of a live,
 * readable token (none otherwise, spec §4).
 */
export function getUserManager(config: AuthConfig): UserManager {
  const key = JSON.stringify(config);
  if (current?.key === key) return current.manager;
  current?.manager.stopSilentRenew();

  const manager = new UserManager({
    ...createOidcSettings(config, window.location.origin),
    userStore: new WebStorageStateStore({ store: window.localStorage }),
  });
  current = { key, manager };

  // Shortly before the access token expires, renew it (once for all tabs, see renewal.ts).
  manager.events.addAccessTokenExpiring(() => {
    void renewSession(manager);
  });
  // Signed out (here or in another tab): the user handed over between tabs goes too.
  manager.events.addUserUnloaded(() => {
    void browserHandoff()
      ?.clear()
      .catch(() => undefined);
  });
  // Another tab renewed the session, signed in or signed out: follow it here.
  const storageKey = `oidc.user:${manager.settings.authority}:${manager.settings.client_id}`;
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage || event.key !== storageKey) return;
    void manager.getUser().then((user) => (user ? manager.events.load(user) : manager.events.unload()));
  });

  const readClaims = async () => {
    const user = await manager.getUser();
    if (!user || user.expired === true) return null;
    const claims = decodeAccessToken(user.access_token, config);
    return claims ? { token: user.access_token, email: claims.email } : null;
  };
  setAccessTokenGetter(async () => (await readClaims())?.token);
  setUserEmailGetter(async () => (await readClaims())?.email);
  return manager;
}
