import { useMutation, useQueryClient } from '@tanstack/react-query';

import { availabilityKeys, scheduleKeys, slotsKeys } from '@/lib/query-keys';
import { apiDelete } from '@/lib/api-client';

/**
 * Deletes an availability: `mine` through `/availabilities/my-availabilities/{id}` (an employee, their
 * own), otherwise through `/availabilities/{id}` (an admin, anyone's). The server refuses when visits
 * only it covers exist (409 AVAILABILITY_HAS_JOBS); with `unassignJobs` those visits are left
 * unassigned for the admin to re-plan.
 */
export async function deleteAvailability({
  availabilityId,
  scope,
  unassignJobs = false,
}: {
  availabilityId: string;
  scope: 'mine' | 'any';
  unassignJobs?: boolean;
}): Promise<void> {
  const id = encodeURIComponent(availabilityId);
  await apiDelete(scope === 'mine' ? `/availabilities/my-availabilities/${id}` : `/availabilities/${id}`, {
    query: { jobs: unassignJobs ? 'unassign' : undefined },
  });
}

export function useDeleteAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAvailability,
    // A schedule keeps its shift when its availability goes, and its visits may lose their cleaner:
    // refresh the lists, the jobs and the open times.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
        queryClient.invalidateQueries({ queryKey: slotsKeys.all }),
      ]),
  });
}
