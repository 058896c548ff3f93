import { scheduleSchema, type CreateScheduleInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { scheduleKeys } from '@/lib/query-keys';

/** Assigns a shift (spec §7 `POST /schedules`); an employee only for themselves and as PENDING. */
export function createSchedule(input: CreateScheduleInput) {
  return apiPost('/schedules', { body: input, schema: scheduleSchema });
}

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
