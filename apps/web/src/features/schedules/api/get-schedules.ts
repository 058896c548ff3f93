import { scheduleSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { scheduleKeys } from './keys';

const scheduleListSchema = scheduleSchema.array();

/** Assigned shifts: an admin sees everyone's, an employee their own. */
export function getSchedules(signal?: AbortSignal) {
  return apiGet('/schedules', { schema: scheduleListSchema, signal });
}

export function schedulesQueryOptions() {
  return queryOptions({ queryKey: scheduleKeys.list(), queryFn: ({ signal }) => getSchedules(signal) });
}

export function useSchedules() {
  return useQuery(schedulesQueryOptions());
}
