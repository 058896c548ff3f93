import { employeeSchema, type EmployeeInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPut } from '@/lib/api-client';

import { employeesKeys } from '@/lib/api/get-employees';

export function updateEmployee({ employeeId, input }: { employeeId: string; input: EmployeeInput }) {
  return apiPut(`/employees/${encodeURIComponent(employeeId)}`, { body: input, schema: employeeSchema });
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesKeys.all }),
  });
}
