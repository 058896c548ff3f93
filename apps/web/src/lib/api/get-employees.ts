import { employeeSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

const employeesSchema = employeeSchema.array();

export const employeesKeys = {
  all: ['employees'] as const,
  list: () => [...employeesKeys.all, 'list'] as const,
  detail: (employeeId: string) => [...employeesKeys.all, 'detail', employeeId] as const,
};

export function getEmployees(signal?: AbortSignal) {
  return apiGet('/employees', { schema: employeesSchema, signal });
}

export function employeesQueryOptions() {
  return queryOptions({
    queryKey: employeesKeys.list(),
    queryFn: ({ signal }) => getEmployees(signal),
  });
}

/** Every employee record (admin). */
export function useEmployees() {
  return useQuery(employeesQueryOptions());
}
