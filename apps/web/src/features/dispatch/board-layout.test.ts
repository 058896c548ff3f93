import type { DispatchDay, DispatchVisit } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import {
  axisHours,
  boardAssignees,
  dayAxis,
  hasVisits,
  minutesIntoDay,
  mondayOf,
  placeVisits,
  routeStops,
  sortVisits,
  toSpan,
  weekRows,
} from './board-layout';

const ZONE = 'America/Toronto';

/** An instant of a Toronto wall-clock time: winter (EST, UTC-5) or summer (EDT, UTC-4). */
function at(day: string, time: string): string {
  const offset = day >= '2027-03-14' && day < '2027-11-07' ? 4 : 5;
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date, hours + offset, minutes)).toISOString();
}

let counter = 0;
function visit(day: string, start: string, end: string, extra: Partial<DispatchVisit> = {}): DispatchVisit {
  counter += 1;
  return {
    appointmentId: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    customerId: '00000000-0000-4000-8000-000000000999',
    customerFirstName: 'Jean',
    customerLastName: 'Tremblay',
    startsAt: at(day, start),
    endsAt: at(day, end),
    status: 'confirmed',
    address: '12 Main Street',
    comments: null,
    services: 'Standard Home Cleaning',
    employeeIds: [],
    seriesId: null,
    needsTime: false,
    step: null,
    arrivedAt: null,
    completedAt: null,
    ...extra,
  };
}

const EMPLOYEE_A = '00000000-0000-4000-8000-0000000000a1';
const EMPLOYEE_B = '00000000-0000-4000-8000-0000000000b2';

describe('minutesIntoDay', () => {
  it('reads the business wall clock, in winter and in summer alike', () => {
    expect(minutesIntoDay(at('2027-01-12', '10:00'), '2027-01-12', ZONE)).toBe(600);
    expect(minutesIntoDay(at('2027-07-12', '10:00'), '2027-07-12', ZONE)).toBe(600);
  });

  it('keeps wall-clock hours on the days the clocks change', () => {
    // Spring forward (March 14, 2027) and fall back (November 7, 2027): 10:00 is still 600.
    expect(minutesIntoDay('2027-03-14T14:00:00.000Z', '2027-03-14', ZONE)).toBe(600);
    expect(minutesIntoDay('2027-11-07T15:00:00.000Z', '2027-11-07', ZONE)).toBe(600);
  });

  it('counts midnight at the end of the day as 1440 and the day before as negative', () => {
    expect(minutesIntoDay('2027-01-13T05:00:00.000Z', '2027-01-12', ZONE)).toBe(1440);
    expect(minutesIntoDay('2027-01-12T04:00:00.000Z', '2027-01-12', ZONE)).toBe(-60);
  });
});

describe('dayAxis and axisHours', () => {
  const empty: DispatchDay = { date: '2027-01-12', lanes: [], unassigned: [] };

  it('shows the opening hours when the day holds nothing', () => {
    expect(dayAxis(empty, ZONE, 30)).toEqual({ start: 540, end: 1260 });
    expect(axisHours({ start: 540, end: 1260 })).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
  });

  it('widens to whole hours around shifts and the buffers of assigned visits', () => {
    const day: DispatchDay = {
      date: '2027-01-12',
      lanes: [
        {
          employeeId: EMPLOYEE_A,
          firstName: 'Émile',
          lastName: 'Employee',
          shifts: [
            {
              availabilityId: '00000000-0000-4000-8000-0000000000c1',
              shift: 'NIGHT',
              startsAt: at('2027-01-12', '17:00'),
              endsAt: '2027-01-13T05:00:00.000Z',
            },
          ],
          visits: [visit('2027-01-12', '09:00', '10:00', { employeeIds: [EMPLOYEE_A] })],
        },
      ],
      unassigned: [],
    };
    // The 30 minutes before 09:00 start the axis at 08:00; the night shift ends at midnight.
    expect(dayAxis(day, ZONE, 30)).toEqual({ start: 480, end: 1440 });
  });
});

describe('toSpan', () => {
  it('cuts a stretch to the axis and drops one outside it', () => {
    const axis = { start: 540, end: 1260 };
    expect(toSpan(600, 720, axis)).toEqual({ offset: 60, length: 120 });
    expect(toSpan(480, 600, axis)).toEqual({ offset: 0, length: 60 });
    expect(toSpan(1300, 1400, axis)).toBeNull();
  });
});

describe('placeVisits', () => {
  const axis = { start: 480, end: 1260 };
  const options = { day: '2027-01-12', timeZone: ZONE, axis, bufferMinutes: 30 };

  it('places each visit where it falls, with its travel buffer before and after', () => {
    const lane = placeVisits([visit('2027-01-12', '10:00', '12:00')], options);
    expect(lane.rows).toBe(1);
    expect(lane.visits[0]).toMatchObject({
      span: { offset: 120, length: 120 },
      before: { offset: 90, length: 30 },
      after: { offset: 240, length: 30 },
      row: 0,
    });
  });

  it('keeps visits one buffer apart in one row, and puts overlapping ones in the next row', () => {
    const first = visit('2027-01-12', '09:00', '10:00');
    const afterBuffer = visit('2027-01-12', '10:30', '11:30');
    const overlapping = visit('2027-01-12', '09:30', '10:30');
    const lane = placeVisits([afterBuffer, overlapping, first], options);
    expect(lane.visits.map((placed) => [placed.visit.appointmentId, placed.row])).toEqual([
      [first.appointmentId, 0],
      [overlapping.appointmentId, 1],
      [afterBuffer.appointmentId, 0],
    ]);
    expect(lane.rows).toBe(2);
  });

  it('gives unassigned visits no buffer', () => {
    const lane = placeVisits([visit('2027-01-12', '10:00', '11:00')], { ...options, bufferMinutes: 0 });
    expect(lane.visits[0]).toMatchObject({ before: null, after: null });
  });

  it('shows an empty lane as one row', () => {
    expect(placeVisits([], options)).toEqual({ visits: [], rows: 1 });
  });
});

describe('sortVisits and routeStops', () => {
  it('orders visits by start, then end, then id', () => {
    const late = visit('2027-01-12', '14:00', '15:00');
    const longer = visit('2027-01-12', '09:00', '12:00');
    const shorter = visit('2027-01-12', '09:00', '10:00');
    expect(sortVisits([late, longer, shorter]).map((item) => item.appointmentId)).toEqual([
      shorter.appointmentId,
      longer.appointmentId,
      late.appointmentId,
    ]);
  });

  it('gives each stop of the route the minutes since the previous one ended', () => {
    const second = visit('2027-07-12', '13:00', '15:00');
    const first = visit('2027-07-12', '09:00', '12:30');
    expect(routeStops([second, first]).map((stop) => stop.minutesSincePrevious)).toEqual([null, 30]);
  });
});

describe('weekRows, boardAssignees and hasVisits', () => {
  const lane = (employeeId: string, firstName: string, visits: DispatchVisit[] = []) => ({
    employeeId,
    firstName,
    lastName: 'Team',
    shifts: [],
    visits,
  });
  const monday: DispatchDay = { date: '2027-01-11', lanes: [lane(EMPLOYEE_A, 'Ana')], unassigned: [] };
  const tuesdayVisit = visit('2027-01-12', '10:00', '11:00', { employeeIds: [EMPLOYEE_B] });
  const tuesday: DispatchDay = {
    date: '2027-01-12',
    lanes: [lane(EMPLOYEE_A, 'Ana'), lane(EMPLOYEE_B, 'Bea', [tuesdayVisit])],
    unassigned: [],
  };

  it('makes one row per employee across the week, with what each has each day', () => {
    const rows = weekRows([monday, tuesday]);
    expect(rows.map((row) => row.firstName)).toEqual(['Ana', 'Bea']);
    expect(rows[1]?.days.has('2027-01-11')).toBe(false);
    expect(rows[1]?.days.get('2027-01-12')?.visits).toEqual([tuesdayVisit]);
    expect(boardAssignees([monday, tuesday])).toEqual([
      { employeeId: EMPLOYEE_A, name: 'Ana Team' },
      { employeeId: EMPLOYEE_B, name: 'Bea Team' },
    ]);
  });

  it('tells a day with visits from an empty one', () => {
    expect(hasVisits(monday)).toBe(false);
    expect(hasVisits(tuesday)).toBe(true);
    expect(hasVisits({ ...monday, unassigned: [tuesdayVisit] })).toBe(true);
  });
});

describe('mondayOf', () => {
  it('finds the Monday a week starts on', () => {
    expect(mondayOf('2027-01-13')).toBe('2027-01-11');
    expect(mondayOf('2027-01-11')).toBe('2027-01-11');
    expect(mondayOf('2027-01-17')).toBe('2027-01-11');
    expect(mondayOf('2027-03-01')).toBe('2027-03-01');
  });
});
