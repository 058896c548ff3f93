import type { Service } from '@eclat/shared';

import { apiGet } from '@/lib/api-client';
import { usePublicResource } from '@/lib/public-resource';

/**
 * The catalogue for the services page: pre-rendered with the page, then refreshed (lib/public-resource).
 * Not checked against the zod schema: the server serialises it from the same schema, and zod stays out of
 * the first visit.
 */
const asServices = { parse: (data: unknown) => data as Service[] };

/**
 * Who is asking changes the answer: the public (and customers, employees) get the available
 * services only; an admin gets all of them. The audience is part of the key, so signing in as an
 * admin never shows a visitor's cached list, and the reverse.
 */
export type ServicesAudience = 'public' | 'admin';

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
