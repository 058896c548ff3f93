/** Query keys of schedules (assigned shifts) and jobs: every write invalidates `all`. */
export const scheduleKeys = {
  all: ['schedules'] as const,
  list: () => [...scheduleKeys.all, 'list'] as const,
  jobs: (from: string | null) => [...scheduleKeys.all, 'jobs', from ?? 'all'] as const,
};
