import { describe, expect, it } from 'vitest';

import {
  appointmentStart,
  BOOKING_SLOT_KEY,
  createIdempotencyKey,
  readBookingSlot,
  readStateAppointmentDate,
  readStateRefusedReason,
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
  it('accepts instants and dates without a time, and rejects anything else', () => {
    expect(toAppointmentDate('2026-12-01T15:00:00.000Z')).toBe('2026-12-01T15:00:00.000Z');
    expect(toAppointmentDate('2026-12-01T10:00:00-05:00')).toBe('2026-12-01T10:00:00-05:00');
    expect(toAppointmentDate('2026-12-01')).toBe('2026-12-01');
    expect(toAppointmentDate('2026-02-31')).toBeNull();
    expect(toAppointmentDate('2026-12-01T10:00')).toBeNull();
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

describe('appointmentStart (spec §5, §9: a date without a time defaults to 12:00)', () => {
  it('books 12:00 in the business time zone for a date without a time', () => {
    // Toronto: UTC-5 in winter, UTC-4 in summer; Paris: UTC+1 in winter.
    expect(appointmentStart('2026-12-01', 'America/Toronto')).toBe('2026-12-01T17:00:00.000Z');
    expect(appointmentStart('2027-07-01', 'America/Toronto')).toBe('2027-07-01T16:00:00.000Z');
    expect(appointmentStart('2026-12-01', 'Europe/Paris')).toBe('2026-12-01T11:00:00.000Z');
  });

  it('keeps a chosen time as it is', () => {
    expect(appointmentStart('2026-12-01T15:00:00.000Z', 'America/Toronto')).toBe('2026-12-01T15:00:00.000Z');
  });

  it('reads a date without a time from navigation state, for checkout to default', () => {
    const state = { serviceIds: ['a'], appointmentDate: '2026-12-01' };
    const date = readStateAppointmentDate(state);
    expect(date).toBe('2026-12-01');
    expect(appointmentStart(date ?? '', 'America/Toronto')).toBe('2026-12-01T17:00:00.000Z');
  });
});

describe('createIdempotencyKey', () => {
  it('makes keys the API accepts (8-100 of [A-Za-z0-9_-])', () => {
    const key = createIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(createIdempotencyKey()).not.toBe(key);
  });
});

describe('readStateRefusedReason', () => {
  it('reads the reason checkout gave when it sent the person back', () => {
    expect(
      readStateRefusedReason({ serviceIds: [], appointmentDate: null, refusedReason: 'noCleaner' }),
    ).toBe('noCleaner');
    expect(readStateRefusedReason({ refusedReason: 'full' })).toBe('full');
  });

  it('ignores anything that is not a slot reason', () => {
    expect(readStateRefusedReason({ refusedReason: 'busy' })).toBeNull();
    expect(readStateRefusedReason({ serviceIds: [] })).toBeNull();
    expect(readStateRefusedReason(null)).toBeNull();
  });
});
