import type { DayRange } from '@eclat/shared';

/** Query keys of schedules (assigned shifts) and jobs: every write invalidates `all`. */
export const scheduleKeys = {
  all: ['schedules'] as const,
  lists: () => [...scheduleKeys.all, 'list'] as const,
  /** `null`: the server's default range. */
  list: (range: DayRange | null) => [...scheduleKeys.lists(), range ?? 'default'] as const,
  jobs: (range: DayRange | null) => [...scheduleKeys.all, 'jobs', range ?? 'default'] as const,
};
