import { availabilitySchema, type DayRange } from '@eclat/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { availabilityKeys } from '@/lib/query-keys';

const availabilityListSchema = availabilitySchema.array();

/**
 * The signed-in employee's availabilities on the days of `range` (null: from today, eight weeks, the
 * server's default); 403 `availabilities.errors.notEmployee` without a record.
 */
export function getMyAvailabilities(range: DayRange | null, signal?: AbortSignal) {
  return apiGet('/availabilities/my-availabilities', {
    query: { from: range?.from, to: range?.to },
    schema: availabilityListSchema,
    signal,
  });
}

export function myAvailabilitiesQueryOptions(range: DayRange | null = null) {
  return queryOptions({
    queryKey: availabilityKeys.mine(range),
    queryFn: ({ signal }) => getMyAvailabilities(range, signal),
  });
}

export function useMyAvailabilities(range: DayRange | null = null) {
  return useQuery({ ...myAvailabilitiesQueryOptions(range), placeholderData: keepPreviousData });
}
