import { shiftHoursSchema, type ShiftHours } from '@eclat/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiPut } from '@/lib/api-client';

import { dispatchKeys, shiftHoursKey } from '@/lib/query-keys';

/** The business hours of the MORNING, EVENING and NIGHT shifts (admin, employee). */
export function getShiftHours(signal?: AbortSignal) {
  return apiGet('/settings/shift-hours', { schema: shiftHoursSchema, signal });
}

/** Admin: sets the three shifts' hours; 400 with `body.<SHIFT>.start|end` details when one is wrong. */
export function saveShiftHours(input: ShiftHours) {
  return apiPut('/settings/shift-hours', { body: input, schema: shiftHoursSchema });
}

export function shiftHoursQueryOptions() {
  return queryOptions({ queryKey: shiftHoursKey, queryFn: ({ signal }) => getShiftHours(signal) });
}

export function useShiftHours({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...shiftHoursQueryOptions(), enabled });
}

export function useSaveShiftHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShiftHours,
    onSuccess: (saved) => {
      queryClient.setQueryData(shiftHoursKey, saved);
      // The board's shift bands follow the new hours.
      void queryClient.invalidateQueries({ queryKey: dispatchKeys.boards() });
      void queryClient.invalidateQueries({ queryKey: dispatchKeys.days() });
    },
  });
}
