import type { TFunction } from '@/lib/i18n';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { failureMessage } from './failure-message';
import { isNotEmployeeError } from './not-employee';

const texts: Record<string, string> = {
  'availabilities.errors.add': 'Could not add.',
  'availabilities.errors.notEmployee': 'Not an employee.',
  'schedules.errors.availability': 'Not this employee’s availability.',
  'errors.FORBIDDEN': 'Forbidden.',
};
const t: TFunction = (key) => texts[key] ?? key;
const exists = (key: string) => key in texts;

const notEmployee = new ApiError({
  status: 403,
  code: 'FORBIDDEN',
  message: 'Your account is not linked to an employee record.',
  details: [{ path: 'user', message: 'availabilities.errors.notEmployee' }],
  kind: 'http',
});

describe('failureMessage', () => {
  it('explains a missing employee record on its own', () => {
    expect(failureMessage(t, exists, notEmployee, 'availabilities.errors.add')).toBe('Not an employee.');
  });

  it('adds a known field detail to the form’s message', () => {
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid',
      details: [
        { path: 'body.x', message: 'unknown.key' },
        { path: 'body.availabilityId', message: 'schedules.errors.availability' },
      ],
      kind: 'http',
    });
    expect(failureMessage(t, exists, error, 'availabilities.errors.add')).toBe(
      'Could not add. Not this employee’s availability.',
    );
  });

  it('adds the code’s message for a refusal', () => {
    const error = new ApiError({ status: 403, code: 'FORBIDDEN', message: 'No', kind: 'http' });
    expect(failureMessage(t, exists, error, 'availabilities.errors.add')).toBe('Could not add. Forbidden.');
  });

  it('keeps the form’s message for anything else', () => {
    const error = new ApiError({ status: 500, code: 'INTERNAL_ERROR', message: 'Boom', kind: 'http' });
    expect(failureMessage(t, exists, error, 'availabilities.errors.add')).toBe('Could not add.');
    expect(failureMessage(t, exists, new Error('x'), 'availabilities.errors.add')).toBe('Could not add.');
  });
});

describe('isNotEmployeeError', () => {
  it('recognises the 403 with the notEmployee detail only', () => {
    expect(isNotEmployeeError(notEmployee)).toBe(true);
    expect(
      isNotEmployeeError(new ApiError({ status: 403, code: 'FORBIDDEN', message: 'No', kind: 'http' })),
    ).toBe(false);
    expect(isNotEmployeeError(new Error('availabilities.errors.notEmployee'))).toBe(false);
  });
});
