import { availabilitySchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { availabilityKeys } from './keys';

const availabilityListSchema = availabilitySchema.array();

/** The signed-in employee's availabilities; 403 `availabilities.errors.notEmployee` without a record. */
export function getMyAvailabilities(signal?: AbortSignal) {
  return apiGet('/availabilities/my-availabilities', { schema: availabilityListSchema, signal });
}

export function myAvailabilitiesQueryOptions() {
  return queryOptions({
    queryKey: availabilityKeys.mine(),
    queryFn: ({ signal }) => getMyAvailabilities(signal),
  });
}

export function useMyAvailabilities() {
  return useQuery(myAvailabilitiesQueryOptions());
}
