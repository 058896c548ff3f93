import type { DayRange } from '@eclat/shared';

/** Query keys of availabilities: every write invalidates `all`. */
export const availabilityKeys = {
  all: ['availabilities'] as const,
  /** `null`: the server's default range (from today, eight weeks). */
  list: (range: DayRange | null) => [...availabilityKeys.all, 'list', range ?? 'default'] as const,
  mine: (range: DayRange | null) => [...availabilityKeys.all, 'mine', range ?? 'default'] as const,
  detail: (availabilityId: string) => [...availabilityKeys.all, 'detail', availabilityId] as const,
  jobs: (availabilityId: string) => [...availabilityKeys.all, 'jobs', availabilityId] as const,
};
