import { describe, expect, it } from 'vitest';

import {
  BOOKING_SLOT_KEY,
  createIdempotencyKey,
  readBookingSlot,
  readStateAppointmentDate,
  toAppointmentDate,
  writeBookingSlot,
} from './booking-selection';

function memoryStore() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      data.set(key, value);
    },
    removeItem: (key: string) => {
      data.delete(key);
    },
  };
}

describe('booking slot', () => {
  it('accepts instants and rejects anything else', () => {
    expect(toAppointmentDate('2026-12-01T15:00:00.000Z')).toBe('2026-12-01T15:00:00.000Z');
    expect(toAppointmentDate('2026-12-01T10:00:00-05:00')).toBe('2026-12-01T10:00:00-05:00');
    expect(toAppointmentDate('2026-12-01')).toBeNull();
    expect(toAppointmentDate('tomorrow')).toBeNull();
    expect(toAppointmentDate(42)).toBeNull();
  });

  it('reads the date from navigation state', () => {
    expect(readStateAppointmentDate({ serviceIds: [], appointmentDate: '2026-12-01T15:00:00Z' })).toBe(
      '2026-12-01T15:00:00Z',
    );
    expect(readStateAppointmentDate(null)).toBeNull();
    expect(readStateAppointmentDate({ appointmentDate: '<script>' })).toBeNull();
  });

  it('survives a reload through the store, and clears', () => {
    const store = memoryStore();
    writeBookingSlot('2026-12-01T15:00:00.000Z', store);
    expect(readBookingSlot(store)).toBe('2026-12-01T15:00:00.000Z');
    writeBookingSlot(null, store);
    expect(store.data.has(BOOKING_SLOT_KEY)).toBe(false);
    store.setItem(BOOKING_SLOT_KEY, 'garbage');
    expect(readBookingSlot(store)).toBeNull();
  });
});

describe('createIdempotencyKey', () => {
  it('makes keys the API accepts (8-100 of [A-Za-z0-9_-])', () => {
    const key = createIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(createIdempotencyKey()).not.toBe(key);
  });
});
