import { authUserSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

const authUsersSchema = authUserSchema.array();

export const usersKeys = {
  all: ['users'] as const,
  list: () => [...usersKeys.all, 'list'] as const,
  permissions: (userId: string) => [...usersKeys.all, 'permissions', userId] as const,
};

/** Every user account (admin). */
export function getUsers(signal?: AbortSignal) {
  return apiGet('/auth/users', { schema: authUsersSchema, signal });
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: usersKeys.list(), queryFn: ({ signal }) => getUsers(signal) });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
