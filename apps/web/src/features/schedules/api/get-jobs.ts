import { jobSchema } from '@eclat/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { scheduleKeys } from './keys';

const jobListSchema = jobSchema.array();

/**
 * Jobs (the appointments employees are assigned to) starting on or after `from` (YYYY-MM-DD, business
 * time zone), or all of them when `from` is null: an employee's own, everyone's for an admin.
 */
export function getJobs(from: string | null, signal?: AbortSignal) {
  return apiGet('/schedules/jobs', { query: { from }, schema: jobListSchema, signal });
}

export function jobsQueryOptions(from: string | null) {
  return queryOptions({ queryKey: scheduleKeys.jobs(from), queryFn: ({ signal }) => getJobs(from, signal) });
}

export function useJobs(from: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  // Switching between upcoming and all keeps the list on screen until the other one arrives.
  return useQuery({ ...jobsQueryOptions(from), enabled, placeholderData: keepPreviousData });
}
