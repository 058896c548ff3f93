import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiDelete } from '@/lib/api-client';

import { scheduleKeys } from '@/lib/query-keys';

/** Deletes an assigned shift (admin). */
export async function deleteSchedule(scheduleId: string): Promise<void> {
  await apiDelete(`/schedules/${encodeURIComponent(scheduleId)}`);
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
