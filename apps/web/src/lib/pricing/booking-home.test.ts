import { describe, expect, it } from 'vitest';

import {
  homeQuery,
  readBookingHome,
  readInitialBookingHome,
  toBookingHome,
  withPlace,
  writeBookingHome,
} from './booking-home';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const EXTRA = '0b6f9c1e-3f5d-4c2a-9a43-2f1e5d6c7b8a';

describe('the booking home kept for the tab', () => {
  it('keeps a valid home and extras, and forgets them', () => {
    const store = memoryStore();
    writeBookingHome({ home: { bedrooms: 3, bathrooms: 2 }, extraIds: [EXTRA] }, store);
    expect(readBookingHome(store)).toEqual({ home: { bedrooms: 3, bathrooms: 2 }, extraIds: [EXTRA] });
    writeBookingHome(null, store);
    expect(readBookingHome(store)).toBeNull();
  });

  it('keeps another address as typed, and drops one that cannot be', () => {
    const store = memoryStore();
    const place = { street: '5 Navy Street', city: 'oakville', postalCode: 'l6j 4v1' };
    writeBookingHome({ home: {}, extraIds: [], place }, store);
    expect(readBookingHome(store)).toEqual({ home: {}, extraIds: [], place });
    expect(toBookingHome({ home: {}, place: { ...place, city: 42 } })).toEqual({ home: {}, extraIds: [] });
    expect(toBookingHome({ home: {}, place: { ...place, street: 'x'.repeat(201) } })).toEqual({
      home: {},
      extraIds: [],
    });
    // A postal code alone (kept by an earlier version) is not a place.
    expect(toBookingHome({ home: {}, postalCode: 'L6J 4V1' })).toEqual({ home: {}, extraIds: [] });
    expect(withPlace({ home: {}, extraIds: [], place }, undefined)).toEqual({ home: {}, extraIds: [] });
  });

  it('refuses a tampered value', () => {
    expect(toBookingHome({ home: { bedrooms: -4 } })).toBeNull();
    expect(toBookingHome({ home: {}, extraIds: ['not an id'] })).toBeNull();
    expect(toBookingHome('3 bedrooms')).toBeNull();
    const store = memoryStore();
    store.setItem('eclat.booking.home', '{not json');
    expect(readBookingHome(store)).toBeNull();
  });

  it('prefers navigation state, then the tab, then nothing', () => {
    const store = memoryStore();
    expect(readInitialBookingHome(null, store)).toEqual({ home: {}, extraIds: [] });
    writeBookingHome({ home: { area: 900, areaUnit: 'sqft' }, extraIds: [] }, store);
    expect(readInitialBookingHome({ serviceIds: [] }, store).home).toEqual({ area: 900, areaUnit: 'sqft' });
    expect(readInitialBookingHome({ home: { bedrooms: 1 }, extraIds: [] }, store).home).toEqual({
      bedrooms: 1,
    });
  });

  it('writes the slots query with what is said only', () => {
    expect(homeQuery({ home: { bedrooms: 3, bathrooms: 2 }, extraIds: [EXTRA, EXTRA] })).toEqual({
      bedrooms: '3',
      bathrooms: '2',
      area: undefined,
      areaUnit: undefined,
      extraIds: `${EXTRA},${EXTRA}`,
    });
    expect(homeQuery({ home: {}, extraIds: [] })).toEqual({
      bedrooms: undefined,
      bathrooms: undefined,
      area: undefined,
      areaUnit: undefined,
      extraIds: undefined,
    });
  });
});
