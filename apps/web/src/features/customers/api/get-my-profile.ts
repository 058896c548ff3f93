import { customerSchema, type Customer } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { customersKeys } from '@/lib/query-keys';
import { apiGet, isApiError } from '@/lib/api-client';

/** The signed-in person's customer record, or null when they have none yet (404). */
export async function getMyProfile(email: string, signal?: AbortSignal): Promise<Customer | null> {
  try {
    return await apiGet('/customers/byEmail', { query: { email }, schema: customerSchema, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function myProfileQueryOptions(email: string) {
  return queryOptions({
    queryKey: customersKeys.me(email),
    queryFn: ({ signal }) => getMyProfile(email, signal),
  });
}

/** Waits for the email (the session); `data` is null when there is no profile. */
export function useMyProfile(email: string | null) {
  return useQuery({ ...myProfileQueryOptions(email ?? ''), enabled: Boolean(email) });
}
