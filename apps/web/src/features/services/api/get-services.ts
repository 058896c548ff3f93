import { serviceSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

const servicesSchema = serviceSchema.array();

/**
 * Who is asking changes the answer: the public (and customers, employees) get the available
 * services only; an admin gets all of them. The audience is part of the key, so signing in as an
 * admin never shows a visitor's cached list, and the reverse.
 */
export type ServicesAudience = 'public' | 'admin';

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
