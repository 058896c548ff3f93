import { scheduleSchema, type DayRange } from '@eclat/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { scheduleKeys } from '@/lib/query-keys';

const scheduleListSchema = scheduleSchema.array();

/**
 * Assigned shifts on the days of `range` (null: from today, eight weeks, the server's default): an
 * admin sees everyone's, an employee their own.
 */
export function getSchedules(range: DayRange | null, signal?: AbortSignal) {
  return apiGet('/schedules', {
    query: { from: range?.from, to: range?.to },
    schema: scheduleListSchema,
    signal,
  });
}

export function schedulesQueryOptions(range: DayRange | null) {
  return queryOptions({
    queryKey: scheduleKeys.list(range),
    queryFn: ({ signal }) => getSchedules(range, signal),
  });
}

export function useSchedules(range: DayRange | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...schedulesQueryOptions(range), enabled, placeholderData: keepPreviousData });
}
