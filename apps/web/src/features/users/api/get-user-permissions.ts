import { userPermissionSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { usersKeys } from './get-users';

const userPermissionsSchema = userPermissionSchema.array();

/** One user's permissions (admin). */
export function getUserPermissions(userId: string, signal?: AbortSignal) {
  return apiGet(`/auth/users/${encodeURIComponent(userId)}/permissions`, {
    schema: userPermissionsSchema,
    signal,
  });
}

export function userPermissionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: usersKeys.permissions(userId),
    queryFn: ({ signal }) => getUserPermissions(userId, signal),
  });
}

/** Loaded on demand (spec §4): nothing is fetched until `enabled`. */
export function useUserPermissions(userId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...userPermissionsQueryOptions(userId), enabled });
}
