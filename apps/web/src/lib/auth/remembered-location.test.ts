import { describe, expect, it } from 'vitest';

import {
  ALLOWED_LOCATION_KEY,
  ATTEMPTED_LOCATION_KEY,
  clearAttemptedLocation,
  formatLocation,
  pickDenyTarget,
  pickReturnTo,
  readAllowedLocation,
  readAttemptedLocation,
  rememberAttemptedLocation,
  toAppLocation,
  trackAllowedLocation,
  type LocationStore,
} from './remembered-location';

function memoryStore(): LocationStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, value);
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
}

describe('toAppLocation', () => {
  it('keeps locations inside the app, with their query and hash', () => {
    expect(toAppLocation('/')).toBe('/');
    expect(toAppLocation('/my-appointments?status=pending#list')).toBe(
      '/my-appointments?status=pending#list',
    );
  });

  it('rejects anything that could leave the site or is not a location', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'profile',
      '',
      '/a\nb',
      `/${'a'.repeat(3000)}`,
      null,
      42,
    ]) {
      expect(toAppLocation(value), String(value)).toBeNull();
    }
  });
});

describe('formatLocation', () => {
  it('joins the path, the query and the hash', () => {
    expect(formatLocation({ pathname: '/profile', search: '?edit=1', hash: '#phone' })).toBe(
      '/profile?edit=1#phone',
    );
    expect(formatLocation({ pathname: '/', search: '', hash: '' })).toBe('/');
  });
});

describe('attempted location', () => {
  it('is remembered with its query, read back, and cleared', () => {
    const store = memoryStore();
    expect(readAttemptedLocation(store)).toBeNull();
    rememberAttemptedLocation('/my-appointments?status=cancelled', store);
    expect(store.entries.get(ATTEMPTED_LOCATION_KEY)).toBe('/my-appointments?status=cancelled');
    expect(readAttemptedLocation(store)).toBe('/my-appointments?status=cancelled');
    clearAttemptedLocation(store);
    expect(readAttemptedLocation(store)).toBeNull();
  });

  it('never stores or returns a location outside the app', () => {
    const store = memoryStore();
    rememberAttemptedLocation('https://evil.example/', store);
    expect(store.entries.size).toBe(0);
    store.entries.set(ATTEMPTED_LOCATION_KEY, '//evil.example');
    expect(readAttemptedLocation(store)).toBeNull();
  });

  it('works without storage (blocked or absent)', () => {
    expect(() => {
      rememberAttemptedLocation('/profile', null);
      clearAttemptedLocation(null);
    }).not.toThrow();
    expect(readAttemptedLocation(null)).toBeNull();
    const throwing: LocationStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => {
      rememberAttemptedLocation('/profile', throwing);
      trackAllowedLocation('/services', throwing);
    }).not.toThrow();
    expect(readAttemptedLocation(throwing)).toBeNull();
  });
});

describe('trackAllowedLocation', () => {
  it('remembers the last page the user was allowed to see', () => {
    const store = memoryStore();
    trackAllowedLocation('/services?title=deep', store);
    expect(readAllowedLocation(store)).toBe('/services?title=deep');
    trackAllowedLocation('/', store);
    expect(store.entries.get(ALLOWED_LOCATION_KEY)).toBe('/');
  });

  it('keeps the attempted location on the home page the visitor was sent to', () => {
    const store = memoryStore();
    rememberAttemptedLocation('/profile', store);
    trackAllowedLocation('/', store);
    expect(readAttemptedLocation(store)).toBe('/profile');
  });

  it('drops the attempted location once the visitor opens another page', () => {
    const store = memoryStore();
    rememberAttemptedLocation('/profile', store);
    trackAllowedLocation('/contacts', store);
    expect(readAttemptedLocation(store)).toBeNull();
  });

  it('ignores the sign-in callback page', () => {
    const store = memoryStore();
    trackAllowedLocation('/services', store);
    rememberAttemptedLocation('/profile', store);
    trackAllowedLocation('/auth/callback?code=abc&state=xyz', store);
    expect(readAllowedLocation(store)).toBe('/services');
    expect(readAttemptedLocation(store)).toBe('/profile');
  });
});

describe('pickReturnTo', () => {
  it('prefers the requested location, then the attempted one, then the current page', () => {
    expect(pickReturnTo({ requested: '/calendar-select', attempted: '/profile', current: '/services' })).toBe(
      '/calendar-select',
    );
    expect(pickReturnTo({ attempted: '/profile?tab=1', current: '/' })).toBe('/profile?tab=1');
    expect(pickReturnTo({ attempted: null, current: '/contacts#form' })).toBe('/contacts#form');
  });

  it('falls back to home, and never returns to the callback page or another site', () => {
    expect(pickReturnTo({ attempted: null, current: null })).toBe('/');
    expect(pickReturnTo({ attempted: null, current: '/auth/callback?error=access_denied&state=1' })).toBe(
      '/',
    );
    expect(
      pickReturnTo({ requested: 'https://evil.example', attempted: '//evil', current: '/about-us' }),
    ).toBe('/about-us');
  });
});

describe('pickDenyTarget', () => {
  it('goes back to the last allowed page, else home', () => {
    expect(pickDenyTarget({ origin: '/services', current: '/admin-dashboard' })).toBe('/services');
    expect(pickDenyTarget({ origin: null, current: '/admin-dashboard' })).toBe('/');
  });

  it('never sends the user back to the refused page itself', () => {
    expect(pickDenyTarget({ origin: '/admin-dashboard', current: '/admin-dashboard' })).toBe('/');
    expect(pickDenyTarget({ origin: '//evil.example', current: '/employees' })).toBe('/');
  });
});
