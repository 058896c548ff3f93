import { EMPLOYEE_ROLE_ID, type RoleChangeInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiDelete, apiPost } from '@/lib/api-client';

import { usersKeys } from './get-users';

export type EmployeeRoleChange = { userId: string; action: 'assign' | 'remove' };

/** Gives the employee role to a user, or takes it away (admin). The server answers 204. */
export async function changeEmployeeRole({ userId, action }: EmployeeRoleChange): Promise<void> {
  const path = `/auth/users/${encodeURIComponent(userId)}/roles`;
  const body: RoleChangeInput = { roleId: EMPLOYEE_ROLE_ID };
  await (action === 'assign' ? apiPost(path, { body }) : apiDelete(path, { body }));
}

/** Spec §4: the user's permissions are reloaded after every change. */
export function useChangeEmployeeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmployeeRole,
    onSettled: (_data, _error, { userId }) =>
      queryClient.invalidateQueries({ queryKey: usersKeys.permissions(userId) }),
  });
}
