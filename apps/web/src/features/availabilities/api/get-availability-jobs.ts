import { jobSchema } from '@eclat/shared';
import { queryOptions } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { availabilityKeys } from '@/lib/query-keys';

const jobsSchema = jobSchema.array();

/**
 * `GET /availabilities/{id}/jobs` (the availability's employee, or an admin): the visits only this
 * availability covers, which deleting it would leave without their cleaner.
 */
export function getAvailabilityJobs(availabilityId: string, signal?: AbortSignal) {
  return apiGet(`/availabilities/${encodeURIComponent(availabilityId)}/jobs`, { schema: jobsSchema, signal });
}

export function availabilityJobsQueryOptions(availabilityId: string) {
  return queryOptions({
    queryKey: availabilityKeys.jobs(availabilityId),
    queryFn: ({ signal }) => getAvailabilityJobs(availabilityId, signal),
    // Asked right before a delete: a visit booked a second ago counts.
    staleTime: 0,
  });
}
