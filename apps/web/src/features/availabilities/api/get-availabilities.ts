import { availabilitySchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { availabilityKeys } from './keys';

const availabilityListSchema = availabilitySchema.array();

/** Everyone's availabilities for an admin, one's own for an employee (`GET /availabilities`). */
export function getAvailabilities(signal?: AbortSignal) {
  return apiGet('/availabilities', { schema: availabilityListSchema, signal });
}

export function availabilitiesQueryOptions() {
  return queryOptions({
    queryKey: availabilityKeys.list(),
    queryFn: ({ signal }) => getAvailabilities(signal),
  });
}

export function useAvailabilities() {
  return useQuery(availabilitiesQueryOptions());
}
