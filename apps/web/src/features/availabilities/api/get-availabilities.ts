import { availabilitySchema, type DayRange } from '@eclat/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { availabilityKeys } from '@/lib/query-keys';

const availabilityListSchema = availabilitySchema.array();

/**
 * Everyone's availabilities for an admin, one's own for an employee (`GET /availabilities`), on the days
 * of `range` (null: from today, eight weeks, the server's default).
 */
export function getAvailabilities(range: DayRange | null, signal?: AbortSignal) {
  return apiGet('/availabilities', {
    query: { from: range?.from, to: range?.to },
    schema: availabilityListSchema,
    signal,
  });
}

export function availabilitiesQueryOptions(range: DayRange | null) {
  return queryOptions({
    queryKey: availabilityKeys.list(range),
    queryFn: ({ signal }) => getAvailabilities(range, signal),
  });
}

export function useAvailabilities(range: DayRange | null) {
  return useQuery({ ...availabilitiesQueryOptions(range), placeholderData: keepPreviousData });
}
