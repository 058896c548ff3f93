import type { Appointment, Series } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import { countVisits, groupMyAppointments, upcomingVisits } from './grouping';

let counter = 0;
function id(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

function visit(overrides: Partial<Appointment> = {}): Appointment {
  const start = overrides.appointmentDate ?? '2027-03-09T15:00:00.000Z';
  return {
    appointmentId: id(),
    customerId: 'c',
    customerFirstName: 'Élise',
    customerLastName: 'Roy',
    appointmentDate: start,
    endsAt: new Date(Date.parse(start) + 3_600_000).toISOString(),
    services: 'Standard',
    serviceDetails: [],
    totalPrice: 90,
    status: 'pending',
    comments: null,
    address: null,
    city: null,
    postalCode: null,
    cancelledAt: null,
    createdAt: '2026-11-25T12:00:00.000Z',
    seriesId: null,
    needsTime: false,
    discountPercent: 0,
    priceBreakdown: null,
    step: null,
    ...overrides,
  };
}

function series(overrides: Partial<Series> = {}): Series {
  return {
    seriesId: id(),
    customerId: 'c',
    customerFirstName: 'Élise',
    customerLastName: 'Roy',
    frequency: 'every2Weeks',
    weekday: 2,
    hour: 10,
    timeZone: 'America/Toronto',
    startDate: '2027-03-09',
    status: 'active',
    serviceDetails: [],
    home: {},
    extraIds: [],
    priceLines: [],
    fullPrice: 100,
    pricePerVisit: 90,
    discountPercent: 10,
    firstVisitDiscounted: true,
    comments: null,
    address: null,
    city: null,
    postalCode: null,
    preferredEmployee: null,
    plannedUntil: '2027-06-01',
    visitsNeedingTime: 0,
    nextVisit: null,
    pausedAt: null,
    cancelledAt: null,
    createdAt: '2026-11-25T12:00:00.000Z',
    ...overrides,
  };
}

describe('My Appointments with series', () => {
  it('lists the visits of an active or paused series in its card only', () => {
    const active = series();
    const paused = series({ status: 'paused' });
    const oneOff = visit();
    const ofActive = visit({ seriesId: active.seriesId });
    const skipped = visit({ seriesId: active.seriesId, status: 'cancelled' });
    const ofPaused = visit({ seriesId: paused.seriesId, status: 'completed' });
    const grouped = groupMyAppointments([oneOff, ofActive, skipped, ofPaused], [active, paused]);
    expect(grouped.loose).toEqual([oneOff]);
    expect(grouped.series.map((item) => item.seriesId)).toEqual([active.seriesId, paused.seriesId]);
  });

  it('has no card for a cancelled series: its visits stay in the list', () => {
    const cancelled = series({ status: 'cancelled' });
    const past = visit({ seriesId: cancelled.seriesId, status: 'completed' });
    const grouped = groupMyAppointments([past], [cancelled]);
    expect(grouped.series).toEqual([]);
    expect(grouped.loose).toEqual([past]);
  });

  it('puts the series whose next visit is soonest first, and one without a next visit last', () => {
    const later = series({ nextVisit: visit({ appointmentDate: '2027-04-01T14:00:00.000Z' }) });
    const sooner = series({ nextVisit: visit({ appointmentDate: '2027-03-01T15:00:00.000Z' }) });
    const none = series({ status: 'paused', createdAt: '2027-01-01T00:00:00.000Z' });
    const grouped = groupMyAppointments([], [none, later, sooner]);
    expect(grouped.series.map((item) => item.seriesId)).toEqual([
      sooner.seriesId,
      later.seriesId,
      none.seriesId,
    ]);
  });

  it('shows a series’ coming visits soonest first, skipped ones too, not past or completed ones', () => {
    const now = Date.parse('2027-03-10T00:00:00.000Z');
    const past = visit({ appointmentDate: '2027-03-09T15:00:00.000Z' });
    const third = visit({ appointmentDate: '2027-04-06T14:00:00.000Z' });
    const second = visit({ appointmentDate: '2027-03-23T14:00:00.000Z', status: 'cancelled' });
    const done = visit({ appointmentDate: '2027-03-12T14:00:00.000Z', status: 'completed' });
    expect(upcomingVisits([third, past, second, done], now)).toEqual([second, third]);
  });

  it('counts the booked visits and those needing a time, not the skipped ones', () => {
    expect(
      countVisits([
        visit(),
        visit({ needsTime: true }),
        visit({ status: 'cancelled' }),
        visit({ status: 'confirmed' }),
      ]),
    ).toEqual({ placed: 2, needingTime: 1 });
  });
});
