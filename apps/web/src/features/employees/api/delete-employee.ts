import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiDelete } from '@/lib/api-client';

import { employeesKeys } from './get-employees';

/** Deletes the record with its availabilities and assigned shifts (the server's rule). */
export async function deleteEmployee(employeeId: string): Promise<void> {
  await apiDelete(`/employees/${encodeURIComponent(employeeId)}`);
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    // Also after a failure: a 404 means the list on screen is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: employeesKeys.all }),
  });
}
