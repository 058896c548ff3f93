/** Query keys of availabilities: every write invalidates `all`. */
export const availabilityKeys = {
  all: ['availabilities'] as const,
  list: () => [...availabilityKeys.all, 'list'] as const,
  mine: () => [...availabilityKeys.all, 'mine'] as const,
  detail: (availabilityId: string) => [...availabilityKeys.all, 'detail', availabilityId] as const,
  jobs: (availabilityId: string) => [...availabilityKeys.all, 'jobs', availabilityId] as const,
};
