import { serviceSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { servicesKeys } from '@/lib/api/get-services';

export function getService(serviceId: string, signal?: AbortSignal) {
  return apiGet(`/services/${encodeURIComponent(serviceId)}`, { schema: serviceSchema, signal });
}

export function serviceQueryOptions(serviceId: string) {
  return queryOptions({
    queryKey: servicesKeys.detail(serviceId),
    queryFn: ({ signal }) => getService(serviceId, signal),
    // The edit form starts from what the server has now, not from a list fetched a while ago.
    staleTime: 0,
  });
}

export function useService(serviceId: string) {
  return useQuery(serviceQueryOptions(serviceId));
}
