import { serviceSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { servicesKeys, type ServicesAudience } from './get-services';

const servicesSchema = serviceSchema.array();

export function searchServices(title: string, signal?: AbortSignal) {
  return apiGet('/services/search', { query: { title }, schema: servicesSchema, signal });
}

export function searchServicesQueryOptions(title: string, audience: ServicesAudience) {
  return queryOptions({
    queryKey: servicesKeys.search(title, audience),
    queryFn: ({ signal }) => searchServices(title, signal),
  });
}

/** Runs only for a non-blank title (the server answers 400 to an empty one). */
export function useSearchServices(title: string | null, audience: ServicesAudience) {
  const trimmed = title?.trim() ?? '';
  return useQuery({ ...searchServicesQueryOptions(trimmed, audience), enabled: trimmed !== '' });
}
