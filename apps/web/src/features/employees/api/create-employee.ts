import { employeeSchema, type EmployeeInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { employeesKeys } from '@/lib/api/get-employees';

export function createEmployee(input: EmployeeInput) {
  return apiPost('/employees', { body: input, schema: employeeSchema });
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesKeys.all }),
  });
}
