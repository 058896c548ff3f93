import { serviceSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

/** The services picked for a booking, in the order picked (each by `GET /services/{id}`). */
export function getSelectedServices(serviceIds: readonly string[], signal?: AbortSignal) {
  return Promise.all(
    serviceIds.map((serviceId) =>
      apiGet(`/services/${encodeURIComponent(serviceId)}`, { schema: serviceSchema, signal }),
    ),
  );
}

export function selectedServicesQueryOptions(serviceIds: readonly string[]) {
  return queryOptions({
    queryKey: ['booking', 'services', [...serviceIds]] as const,
    queryFn: ({ signal }) => getSelectedServices(serviceIds, signal),
  });
}

export function useSelectedServices(serviceIds: readonly string[]) {
  return useQuery({ ...selectedServicesQueryOptions(serviceIds), enabled: serviceIds.length > 0 });
}
