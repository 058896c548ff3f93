import { failedJobSchema } from '@eclat/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiPost } from '@/lib/api-client';

const failedJobsSchema = failedJobSchema.array();
export const failedJobsKey = ['admin', 'jobs', 'failed'] as const;

/** `GET /admin/jobs/failed`: background jobs (mostly emails) that ran out of retries, newest first. */
export function getFailedJobs(signal?: AbortSignal) {
  return apiGet('/admin/jobs/failed', { schema: failedJobsSchema, signal });
}

export function failedJobsQueryOptions() {
  return queryOptions({ queryKey: failedJobsKey, queryFn: ({ signal }) => getFailedJobs(signal) });
}

export function useFailedJobs() {
  return useQuery(failedJobsQueryOptions());
}

/** `POST /admin/jobs/{id}/retry`: one more attempt; the job leaves the failed list. */
export async function retryFailedJob(id: string): Promise<void> {
  await apiPost(`/admin/jobs/${encodeURIComponent(id)}/retry`);
}

export function useRetryFailedJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedJobsKey }),
  });
}
