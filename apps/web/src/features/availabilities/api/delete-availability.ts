import { useMutation, useQueryClient } from '@tanstack/react-query';

import { scheduleKeys } from '@/features/schedules/api/keys';
import { apiDelete } from '@/lib/api-client';

import { availabilityKeys } from './keys';

/**
 * Deletes an availability: `mine` through `/availabilities/my-availabilities/{id}` (an employee, their
 * own), otherwise through `/availabilities/{id}` (an admin, anyone's).
 */
export async function deleteAvailability({
  availabilityId,
  scope,
}: {
  availabilityId: string;
  scope: 'mine' | 'any';
}): Promise<void> {
  const id = encodeURIComponent(availabilityId);
  await apiDelete(scope === 'mine' ? `/availabilities/my-availabilities/${id}` : `/availabilities/${id}`);
}

export function useDeleteAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAvailability,
    // A schedule keeps its shift when its availability goes; refresh both lists.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
      ]),
  });
}
