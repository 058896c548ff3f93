import { authUserSchema } from '@eclat/shared';

import { useKeysetList } from '@/lib/use-keyset-list';

const authUsersSchema = authUserSchema.array();

export const usersKeys = {
  all: ['users'] as const,
  list: (search: string) => [...usersKeys.all, 'list', search] as const,
  permissions: (userId: string) => [...usersKeys.all, 'permissions', userId] as const,
};

/** User accounts in email order (admin), those matching `search` (the server searches), a page at a time. */
export function useUsers(search: string) {
  return useKeysetList(
    {
      queryKey: usersKeys.list(search),
      path: '/auth/users',
      query: { q: search || undefined },
      schema: authUsersSchema,
    },
    { keepPrevious: true },
  );
}
