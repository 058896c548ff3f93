import type { DispatchView } from '@eclat/shared';

/** Query keys of the dispatch board and of an employee's day: a reassignment invalidates `all`. */
export const dispatchKeys = {
  all: ['dispatch'] as const,
  boards: () => [...dispatchKeys.all, 'board'] as const,
  board: (date: string, view: DispatchView) => [...dispatchKeys.boards(), date, view] as const,
  days: () => [...dispatchKeys.all, 'my-day'] as const,
  myDay: (date: string) => [...dispatchKeys.days(), date] as const,
};

/** Outside `dispatchKeys.all`: a reassignment leaves the shift hours alone. */
export const shiftHoursKey = ['settings', 'shift-hours'] as const;
