import { describe, expect, it } from 'vitest';

import { toAssignmentProblems } from './assignment-problems';

describe('toAssignmentProblems', () => {
  const sent = ['a', 'b', 'c'];

  it('names the employees the details point at, with the reason', () => {
    expect(
      toAssignmentProblems(
        [
          { path: 'employeeIds.2', message: 'assignments.errors.overlap' },
          { path: 'body.employeeIds.0', message: 'assignments.errors.inactive' },
          { path: 'body.employeeIds.1', message: 'assignments.errors.employee' },
        ],
        sent,
      ),
    ).toEqual([
      { employeeId: 'c', kind: 'overlap' },
      { employeeId: 'a', kind: 'inactive' },
      { employeeId: 'b', kind: 'invalid' },
    ]);
  });

  it('ignores other paths, unknown indexes and repeats', () => {
    expect(
      toAssignmentProblems(
        [
          { path: 'appointmentId', message: 'assignments.errors.cancelled' },
          { path: 'employeeIds', message: 'x' },
          { path: 'employeeIds.7', message: 'assignments.errors.overlap' },
          { path: 'employeeIds.1', message: 'assignments.errors.overlap' },
          { path: 'employeeIds.1', message: 'assignments.errors.overlap' },
        ],
        sent,
      ),
    ).toEqual([{ employeeId: 'b', kind: 'overlap' }]);
  });
});
