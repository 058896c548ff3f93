import { describe, expect, it } from 'vitest';

import {
  readInitialServiceIds,
  readSelectedServices,
  SELECTED_SERVICES_KEY,
  toServiceIds,
  writeSelectedServices,
} from './selection';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const A = '3f1e7a52-6c1b-4d7e-9a0b-1c2d3e4f5a6b';
const B = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

describe('service selection storage', () => {
  it('keeps the selection across a reload', () => {
    const store = memoryStore();
    writeSelectedServices([A, B], store);
    expect(readSelectedServices(store)).toEqual([A, B]);
  });

  it('forgets an empty selection', () => {
    const store = memoryStore();
    writeSelectedServices([A], store);
    writeSelectedServices([], store);
    expect(store.map.has(SELECTED_SERVICES_KEY)).toBe(false);
    expect(readSelectedServices(store)).toEqual([]);
  });

  it('ignores a tampered or unreadable value', () => {
    const store = memoryStore();
    store.setItem(SELECTED_SERVICES_KEY, '{not json');
    expect(readSelectedServices(store)).toEqual([]);
    store.setItem(
      SELECTED_SERVICES_KEY,
      JSON.stringify([A, 'short', 42, A, '<script>alert(1)</script>xxxxxxxxx']),
    );
    expect(readSelectedServices(store)).toEqual([A]);
  });

  it('reads ids from navigation state', () => {
    expect(toServiceIds(undefined)).toEqual([]);
    expect(toServiceIds([B, B])).toEqual([B]);
  });
});

describe('readInitialServiceIds', () => {
  it('prefers the ids handed over in navigation state, else the stored selection', () => {
    const store = memoryStore();
    writeSelectedServices([A], store);
    expect(readInitialServiceIds({ serviceIds: [B] }, store)).toEqual([B]);
    expect(readInitialServiceIds(null, store)).toEqual([A]);
    expect(readInitialServiceIds({ serviceIds: ['not-an-id'] }, store)).toEqual([A]);
  });
});
