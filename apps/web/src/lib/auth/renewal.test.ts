import { User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';

import { RENEWAL_LOCK, renewSession } from './renewal';

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

  it('gives null when the provider refuses (the user is then signed out)', async () => {
    const manager = {
      getUser: vi.fn().mockResolvedValue(user(0)),
      signinSilent: vi.fn().mockRejectedValue(new Error('invalid_grant')),
      events: { load: vi.fn() },
    };
    await expect(renewSession(manager, undefined)).resolves.toBeNull();
  });
});
