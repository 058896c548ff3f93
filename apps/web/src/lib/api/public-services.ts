import type { Service } from '@eclat/shared';

import { apiGet } from '@/lib/api-client';
import { usePublicResource } from '@/lib/public-resource';

import type { ServicesAudience } from './get-services';

/**
 * The catalogue for the services page: pre-rendered with the page, then refreshed (lib/public-resource).
 * Not checked against the zod schema: the server serialises it from the same schema, and zod stays out of
 * the first visit.
 */
const asServices = { parse: (data: unknown) => data as Service[] };

export const PUBLIC_SERVICES_KEY = 'services';

export const publicServicesKey = (audience: ServicesAudience) => `${PUBLIC_SERVICES_KEY}:list:${audience}`;

export function usePublicServices(
  audience: ServicesAudience,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return usePublicResource(publicServicesKey(audience), () => apiGet('/services', { schema: asServices }), {
    enabled,
  });
}

/** Runs only for a non-blank title (the server answers 400 to an empty one). */
export function usePublicServiceSearch(title: string | null, audience: ServicesAudience) {
  const trimmed = title?.trim() ?? '';
  return usePublicResource(
    `${PUBLIC_SERVICES_KEY}:search:${audience}:${trimmed}`,
    () => apiGet('/services/search', { query: { title: trimmed }, schema: asServices }),
    { enabled: trimmed !== '' },
  );
}
