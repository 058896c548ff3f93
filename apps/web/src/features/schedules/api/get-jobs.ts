import { jobSchema, type DayRange } from '@eclat/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { scheduleKeys } from '@/lib/query-keys';

const jobListSchema = jobSchema.array();

/**
 * Jobs (the appointments employees are assigned to) starting on the days of `range` (YYYY-MM-DD,
 * business time zone, both included; null: this week and the next, the server's default): an
 * employee's own, everyone's for an admin.
 */
export function getJobs(range: DayRange | null, signal?: AbortSignal) {
  return apiGet('/schedules/jobs', {
    query: { from: range?.from, to: range?.to },
    schema: jobListSchema,
    signal,
  });
}

export function jobsQueryOptions(range: DayRange | null) {
  return queryOptions({
    queryKey: scheduleKeys.jobs(range),
    queryFn: ({ signal }) => getJobs(range, signal),
  });
}

export function useJobs(range: DayRange | null, { enabled = true }: { enabled?: boolean } = {}) {
  // Another range keeps the list on screen until its own arrives.
  return useQuery({ ...jobsQueryOptions(range), enabled, placeholderData: keepPreviousData });
}
