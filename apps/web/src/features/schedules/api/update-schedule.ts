import { scheduleSchema, type UpdateScheduleInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPut } from '@/lib/api-client';

import { scheduleKeys } from '@/lib/query-keys';

/** Changes the date, shift, status and comments of an assigned shift (admin). */
export function updateSchedule({ scheduleId, input }: { scheduleId: string; input: UpdateScheduleInput }) {
  return apiPut(`/schedules/${encodeURIComponent(scheduleId)}`, { body: input, schema: scheduleSchema });
}

export function useUpdateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
