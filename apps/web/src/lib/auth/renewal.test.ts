import { User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';

import { RENEWAL_LOCK, renewSession, type RenewalHandoff } from './renewal';

function user(expiresIn: number): User {
  return new User({
    access_token: `token-${expiresIn}`,
    token_type: 'Bearer',
    profile: { sub: 'user-1', iss: 'https://issuer.example', aud: 'eclat-web', exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
  });
}

/** A Web Locks stand-in that runs callers one after the other, like the browser's. */
function serialLocks() {
  let queue: Promise<unknown> = Promise.resolve();
  const names: string[] = [];
  return {
    names,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      names.push(name);
      const run = queue.then(callback);
      queue = run.catch(() => undefined);
      return run;
    },
  } as unknown as LockManager & { names: string[] };
}

describe('renewSession', () => {
  it('renews with the refresh token when the stored token is about to expire', async () => {
    const renewed = user(900);
    const manager = {
      getUser: vi.fn().mockResolvedValue(user(40)),
      signinSilent: vi.fn().mockResolvedValue(renewed),
      storeUser: vi.fn(),
      events: { load: vi.fn() },
    };
    await expect(renewSession(manager, serialLocks())).resolves.toBe(renewed);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('renews once for two tabs: the second takes the user the first one stored', async () => {
    let stored = user(40);
    const signinSilent = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      stored = user(900);
      return stored;
    });
    const tab = () => ({
      getUser: vi.fn(() => Promise.resolve(stored)),
      signinSilent,
      storeUser: vi.fn(),
      events: { load: vi.fn() },
    });
    const locks = serialLocks();
    const [first, second] = [tab(), tab()];
    const results = await Promise.all([renewSession(first, locks), renewSession(second, locks)]);
    expect(signinSilent).toHaveBeenCalledTimes(1);
    expect(results.map((result) => result?.access_token)).toEqual(['token-900', 'token-900']);
    expect(second.events.load).toHaveBeenCalledWith(stored);
    expect(locks.names).toEqual([RENEWAL_LOCK, RENEWAL_LOCK]);
  });

  it("renews once for two tabs whose copies of the shared store lag: the second takes the first one's user, handed over", async () => {
    // Each tab reads its own copy of localStorage; the second tab's copy still holds the user from before
    // the renewal when its turn comes (Chromium passes the lock on before it brings that copy up to date).
    const refreshTokensSent: string[] = [];
    const spent = new Set<string>();
    const signedIn = (expiresIn: number, refreshToken: string): User =>
      Object.assign(user(expiresIn), { refresh_token: refreshToken });
    let latest = 'rt-1';
    const tab = () => {
      let own = signedIn(40, 'rt-1');
      return {
        getUser: vi.fn(() => Promise.resolve(own)),
        // As the provider does: a refresh token used twice ends the session.
        signinSilent: vi.fn(async () => {
          const sent = own.refresh_token ?? '';
          refreshTokensSent.push(sent);
          if (spent.has(sent)) throw new Error('invalid_grant');
          spent.add(sent);
          await new Promise((resolve) => setTimeout(resolve, 5));
          latest = `rt-${String(spent.size + 1)}`;
          own = signedIn(900, latest);
          return own;
        }),
        storeUser: vi.fn((stored: User) => {
          own = stored;
          return Promise.resolve();
        }),
        events: { load: vi.fn() },
      };
    };
    let kept: string | undefined;
    const handoff: RenewalHandoff = {
      read: () => Promise.resolve(kept),
      write: (value) => {
        kept = value;
        return Promise.resolve();
      },
      clear: () => {
        kept = undefined;
        return Promise.resolve();
      },
    };
    const locks = serialLocks();
    const [first, second] = [tab(), tab()];
    const results = await Promise.all([
      renewSession(first, locks, handoff),
      renewSession(second, locks, handoff),
    ]);
    expect(refreshTokensSent).toEqual(['rt-1']);
    expect(results.map((result) => result?.refresh_token)).toEqual(['rt-2', 'rt-2']);
    // The second tab keeps it in its own store too, and its timers follow it.
    expect(second.storeUser).toHaveBeenCalledTimes(1);
    expect(second.events.load).toHaveBeenCalledWith(results[1]);
  });

  it('gives null when the provider refuses (the user is then signed out)', async () => {
    const manager = {
      getUser: vi.fn().mockResolvedValue(user(0)),
      signinSilent: vi.fn().mockRejectedValue(new Error('invalid_grant')),
      storeUser: vi.fn(),
      events: { load: vi.fn() },
    };
    await expect(renewSession(manager, undefined)).resolves.toBeNull();
  });
});
