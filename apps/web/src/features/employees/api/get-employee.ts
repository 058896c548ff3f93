import { employeeSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { employeesKeys } from '@/lib/api/get-employees';

export function getEmployee(employeeId: string, signal?: AbortSignal) {
  return apiGet(`/employees/${encodeURIComponent(employeeId)}`, { schema: employeeSchema, signal });
}

export function employeeQueryOptions(employeeId: string) {
  return queryOptions({
    queryKey: employeesKeys.detail(employeeId),
    queryFn: ({ signal }) => getEmployee(employeeId, signal),
    // The edit form starts from what the server has now, not from a list fetched a while ago.
    staleTime: 0,
  });
}

/** One employee; not asked for while `enabled` is false (an id that cannot exist). */
export function useEmployee(employeeId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...employeeQueryOptions(employeeId), enabled });
}
