import type { Availability, Schedule } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import {
  readAssignScheduleState,
  toAssignFormValues,
  toScheduleFormValues,
  validateScheduleForm,
  type ScheduleFormValues,
} from './schedule-form';

const TORONTO = 'America/Toronto';
const AVAILABILITY_ID = '6f1c1d0e-3b1a-4c8e-9a55-1f0b7b1c2d3e';
const EMPLOYEE_ID = '0b3c7a52-5d2e-4f6b-8c1a-2e9d4f7a1b2c';

const availability: Availability = {
  availabilityId: AVAILABILITY_ID,
  employeeId: EMPLOYEE_ID,
  employeeFirstName: 'Ana',
  employeeLastName: 'Silva',
  availableDate: '2027-03-10T05:00:00.000Z',
  day: '2027-03-10',
  shift: 'EVENING',
  comments: null,
};

const filled: ScheduleFormValues = {
  day: '2027-03-10',
  time: '16:00',
  shift: 'EVENING',
  status: 'PENDING',
  comments: '  Bring the ladder ',
};

describe('validateScheduleForm', () => {
  it('sends the UTC instant cut to minutes, the shift and status, trimmed comments', () => {
    expect(validateScheduleForm(filled, TORONTO)).toEqual({
      ok: true,
      input: {
        assignedDate: '2027-03-10T21:00',
        shift: 'EVENING',
        status: 'PENDING',
        comments: 'Bring the ladder',
      },
    });
  });

  it('sends empty comments as null', () => {
    const result = validateScheduleForm({ ...filled, comments: '   ' }, TORONTO);
    expect(result.ok && result.input.comments).toBeNull();
  });

  it.each([
    ['no day', { day: null }],
    ['no time', { time: '' }],
    ['no shift', { shift: null }],
  ])('asks for every required field: %s', (_case, change) => {
    expect(validateScheduleForm({ ...filled, ...change }, TORONTO)).toEqual({
      ok: false,
      error: 'schedules.errors.required',
    });
  });

  it('refuses an unreadable time', () => {
    expect(validateScheduleForm({ ...filled, time: '25:00' }, TORONTO)).toEqual({
      ok: false,
      error: 'schedules.errors.date',
    });
  });
});

describe('readAssignScheduleState', () => {
  const state = {
    employeeId: EMPLOYEE_ID,
    availabilityId: AVAILABILITY_ID,
    availableDate: '2027-03-12T05:00:00.000Z',
    shift: 'NIGHT',
  };

  it('reads the navigation state of this availability', () => {
    expect(readAssignScheduleState(state, AVAILABILITY_ID)).toEqual(state);
  });

  it('ignores a missing, foreign or malformed state', () => {
    expect(readAssignScheduleState(null, AVAILABILITY_ID)).toBeNull();
    expect(readAssignScheduleState(state, 'another-id')).toBeNull();
    expect(readAssignScheduleState({ ...state, shift: 'LUNCH' }, AVAILABILITY_ID)).toBeNull();
    expect(readAssignScheduleState({ ...state, availableDate: 'soon' }, AVAILABILITY_ID)).toBeNull();
  });
});

describe('toAssignFormValues', () => {
  it('starts on the availability’s day at its shift’s start, PENDING', () => {
    expect(toAssignFormValues(availability, null, TORONTO)).toEqual({
      day: '2027-03-10',
      time: '16:00',
      shift: 'EVENING',
      status: 'PENDING',
      comments: '',
    });
  });

  it('takes the date and shift of the navigation state when there is one', () => {
    const state = {
      employeeId: EMPLOYEE_ID,
      availabilityId: AVAILABILITY_ID,
      availableDate: '2027-03-12T05:00:00.000Z',
      shift: 'NIGHT' as const,
    };
    expect(toAssignFormValues(availability, state, TORONTO)).toMatchObject({
      day: '2027-03-12',
      time: '22:00',
      shift: 'NIGHT',
    });
  });
});

describe('toScheduleFormValues', () => {
  it('shows the schedule’s instant as the business day and time', () => {
    const schedule: Schedule = {
      scheduleId: '9d2f1b3c-4a5e-4f60-8b7c-1d2e3f4a5b6c',
      employeeId: EMPLOYEE_ID,
      employeeFirstName: 'Ana',
      employeeLastName: 'Silva',
      availabilityId: null,
      assignedDate: '2027-03-11T03:30:00.000Z',
      shift: 'NIGHT',
      status: 'APPROVED',
      comments: null,
    };
    expect(toScheduleFormValues(schedule, TORONTO)).toEqual({
      day: '2027-03-10',
      time: '22:30',
      shift: 'NIGHT',
      status: 'APPROVED',
      comments: '',
    });
  });
});
