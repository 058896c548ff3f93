import { serviceSchema } from '@eclat/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import { invalidatePublicResources } from '@/lib/public-resource';

import { PUBLIC_SERVICES_KEY, type ServicesAudience } from './public-services';

const servicesSchema = serviceSchema.array();

export const servicesKeys = {
  all: ['services'] as const,
  lists: () => [...servicesKeys.all, 'list'] as const,
  list: (audience: ServicesAudience) => [...servicesKeys.lists(), audience] as const,
  search: (title: string, audience: ServicesAudience) =>
    [...servicesKeys.all, 'search', audience, title] as const,
  detail: (serviceId: string) => [...servicesKeys.all, 'detail', serviceId] as const,
};

export function getServices(signal?: AbortSignal) {
  return apiGet('/services', { schema: servicesSchema, signal });
}

export function servicesQueryOptions(audience: ServicesAudience) {
  return queryOptions({
    queryKey: servicesKeys.list(audience),
    queryFn: ({ signal }) => getServices(signal),
  });
}

export function useServices(audience: ServicesAudience, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...servicesQueryOptions(audience), enabled });
}

/** After a write to services: every react-query of them and the services page's lists (public resource). */
export async function invalidateServices(queryClient: QueryClient): Promise<void> {
  invalidatePublicResources(PUBLIC_SERVICES_KEY);
  await queryClient.invalidateQueries({ queryKey: servicesKeys.all });
}
