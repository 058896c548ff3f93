import type { Job, Schedule } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import { buildAgenda } from './agenda';

const TORONTO = 'America/Toronto';

function shift(id: string, assignedDate: string): Schedule {
  return {
    scheduleId: id,
    employeeId: 'e',
    employeeFirstName: 'Ana',
    employeeLastName: 'Silva',
    availabilityId: null,
    assignedDate,
    shift: 'MORNING',
    status: 'PENDING',
    comments: null,
  };
}

function job(id: string, startTime: string, endTime: string): Job {
  return {
    id,
    appointmentId: id,
    employeeId: 'e',
    employeeFirstName: 'Ana',
    employeeLastName: 'Silva',
    serviceId: null,
    services: 'Deep clean',
    customerId: 'c',
    customerFirstName: 'Camille',
    customerLastName: 'Gagnon',
    startTime,
    endTime,
    status: 'confirmed',
    location: '12 Main Street',
  };
}

const keys = (days: ReturnType<typeof buildAgenda>) =>
  days.map(({ day, items }) => [day, items.map((item) => item.key)]);

describe('buildAgenda', () => {
  const schedules = [
    shift('s-late', '2027-03-10T21:00:00.000Z'), // 16:00 on Mar 10
    shift('s-past', '2027-03-08T13:00:00.000Z'), // 08:00 on Mar 8
    shift('s-night', '2027-03-11T03:00:00.000Z'), // 22:00 on Mar 10 (UTC: Mar 11)
  ];
  const jobs = [
    job('j-1', '2027-03-10T14:00:00.000Z', '2027-03-10T16:00:00.000Z'), // 09:00 on Mar 10
    job('j-2', '2027-03-12T18:00:00.000Z', '2027-03-12T19:00:00.000Z'), // 13:00 on Mar 12
  ];

  it('groups shifts and jobs by business day, days and times in order, from today on', () => {
    const days = buildAgenda({ jobs, schedules, timeZone: TORONTO, today: '2027-03-10', includePast: false });
    expect(keys(days)).toEqual([
      ['2027-03-10', ['job:j-1', 'shift:s-late', 'shift:s-night']],
      ['2027-03-12', ['job:j-2']],
    ]);
  });

  it('keeps past days when asked', () => {
    const days = buildAgenda({ jobs, schedules, timeZone: TORONTO, today: '2027-03-10', includePast: true });
    expect(days.map(({ day }) => day)).toEqual(['2027-03-08', '2027-03-10', '2027-03-12']);
  });

  it('puts a shift before a job that starts at the same time', () => {
    const days = buildAgenda({
      jobs: [job('j', '2027-03-10T13:00:00.000Z', '2027-03-10T14:00:00.000Z')],
      schedules: [shift('s', '2027-03-10T13:00:00.000Z')],
      timeZone: TORONTO,
      today: '2027-03-01',
      includePast: false,
    });
    expect(keys(days)).toEqual([['2027-03-10', ['shift:s', 'job:j']]]);
  });

  it('is empty without work', () => {
    expect(
      buildAgenda({ jobs: [], schedules: [], timeZone: TORONTO, today: '2027-03-10', includePast: true }),
    ).toEqual([]);
  });
});
