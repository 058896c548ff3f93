import { NEW_APPOINTMENT_MERGE_MS, type Appointment } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import { filterAppointments, mergeNewAppointment, sortNewestFirst, statusColor } from './appointment-list';

let counter = 0;
function appointment(overrides: Partial<Appointment> = {}): Appointment {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return {
    appointmentId: id,
    customerId: '11111111-1111-4111-8111-111111111111',
    customerFirstName: 'Camille',
    customerLastName: 'Gagnon',
    appointmentDate: '2026-12-01T15:00:00.000Z',
    endsAt: '2026-12-01T16:00:00.000Z',
    services: 'Window Washing',
    serviceDetails: [],
    totalPrice: 50,
    status: 'pending',
    comments: null,
    address: '123 Main Street',
    city: null,
    postalCode: null,
    cancelledAt: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    seriesId: null,
    needsTime: false,
    discountPercent: 0,
    priceBreakdown: null,
    step: null,
    ...overrides,
  };
}

describe('mergeNewAppointment', () => {
  const older = appointment({ appointmentDate: '2026-12-01T15:00:00.000Z' });
  const newer = appointment({ appointmentDate: '2026-12-05T15:00:00.000Z' });
  const fresh = appointment({ appointmentDate: '2026-12-03T15:00:00.000Z' });
  const fetched = [newer, older];

  it('adds a fresh appointment missing from the fetch, in date order', () => {
    const merged = mergeNewAppointment(fetched, { appointment: fresh, receivedAt: 1000 }, 1500);
    expect(merged.map((item) => item.appointmentId)).toEqual([
      newer.appointmentId,
      fresh.appointmentId,
      older.appointmentId,
    ]);
  });

  it('does not duplicate it when the fetch already has it', () => {
    const withFresh = [newer, fresh, older];
    expect(mergeNewAppointment(withFresh, { appointment: fresh, receivedAt: 1000 }, 1200)).toEqual(withFresh);
  });

  it('merges only while it is less than 1000 ms old', () => {
    expect(NEW_APPOINTMENT_MERGE_MS).toBe(1000);
    const entry = { appointment: fresh, receivedAt: 10_000 };
    expect(mergeNewAppointment(fetched, entry, 10_999)).toHaveLength(3);
    expect(mergeNewAppointment(fetched, entry, 11_000)).toHaveLength(2);
    expect(mergeNewAppointment(fetched, entry, 60_000)).toHaveLength(2);
  });

  it('ignores an entry from the future (clock moved) and a missing entry', () => {
    expect(mergeNewAppointment(fetched, { appointment: fresh, receivedAt: 5000 }, 4000)).toHaveLength(2);
    expect(mergeNewAppointment(fetched, null, 0)).toEqual(fetched);
  });

  it('never mutates the fetched list', () => {
    const copy = [...fetched];
    mergeNewAppointment(fetched, { appointment: fresh, receivedAt: 0 }, 1);
    expect(fetched).toEqual(copy);
  });
});

describe('filterAppointments', () => {
  const pending = appointment({ status: 'pending' });
  const confirmed = appointment({ status: 'confirmed' });
  const cancelled = appointment({ status: 'cancelled', cancelledAt: '2026-11-22T11:00:00.000Z' });
  const completed = appointment({ status: 'completed' });
  const list = [pending, confirmed, cancelled, completed];

  it('all: everything except cancelled appointments', () => {
    expect(filterAppointments(list, 'all')).toEqual([pending, confirmed, completed]);
  });

  it.each(['pending', 'confirmed', 'cancelled'] as const)('%s: only that status', (status) => {
    expect(filterAppointments(list, status).map((item) => item.status)).toEqual([status]);
  });

  it('an empty list stays empty', () => {
    expect(filterAppointments([], 'pending')).toEqual([]);
  });
});

describe('sortNewestFirst, statusColor', () => {
  it('sorts by appointment date, newest first', () => {
    const a = appointment({ appointmentDate: '2026-12-01T14:00:00.000Z' });
    const b = appointment({ appointmentDate: '2027-01-01T14:00:00.000Z' });
    expect(sortNewestFirst([a, b])).toEqual([b, a]);
  });

  it('has a badge style for confirmed, pending, cancelled and a default', () => {
    expect(new Set([statusColor('confirmed'), statusColor('pending'), statusColor('cancelled')]).size).toBe(
      3,
    );
    expect(statusColor('completed')).toBe('gray.7');
  });
});
