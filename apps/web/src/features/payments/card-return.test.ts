import { describe, expect, it } from 'vitest';

import {
  cardReturnHref,
  clearCardReturn,
  readCardReturn,
  readCheckoutReturn,
  writeCardReturn,
} from './card-return';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('where the customer comes back to from the card page (decision 056)', () => {
  it('checkout, with the frequency and comments it held, until checkout forgets it', () => {
    const store = memoryStore();
    writeCardReturn({ page: 'checkout', frequency: 'every2Weeks', comments: 'Code 1234' }, store);
    const back = readCardReturn(store);
    expect(back).toEqual({ page: 'checkout', frequency: 'every2Weeks', comments: 'Code 1234' });
    expect(cardReturnHref(back)).toBe('/checkout');
    expect(readCheckoutReturn(store)?.comments).toBe('Code 1234');
    clearCardReturn(store);
    expect(readCardReturn(store)).toEqual({ page: 'profile' });
    expect(readCheckoutReturn(store)).toBeNull();
  });

  it('the profile for anything else: nothing kept, a tampered page or frequency, not JSON', () => {
    const store = memoryStore();
    expect(cardReturnHref(readCardReturn(store))).toBe('/profile');
    for (const raw of [
      '{"page":"https://evil.example","frequency":"once"}',
      '{"page":"checkout","frequency":"daily"}',
      'not json',
    ]) {
      store.map.set('eclat.payments.card-return', raw);
      expect(readCardReturn(store)).toEqual({ page: 'profile' });
    }
  });

  it('keeps at most the comment field’s 1000 characters', () => {
    const store = memoryStore();
    store.map.set(
      'eclat.payments.card-return',
      JSON.stringify({ page: 'checkout', frequency: 'once', comments: 'x'.repeat(5000) }),
    );
    expect(readCheckoutReturn(store)?.comments).toHaveLength(1000);
  });
});
