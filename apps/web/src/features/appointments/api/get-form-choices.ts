import { customerSchema, employeeSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { staffAppointmentsKeys } from './get-appointments-page';

/** The choices of the admin's appointment form: every customer and employee (admin only). */
const choicesKeys = {
  customers: () => [...staffAppointmentsKeys.all, 'choices', 'customers'] as const,
  employees: () => [...staffAppointmentsKeys.all, 'choices', 'employees'] as const,
};

export function customerChoicesQueryOptions() {
  return queryOptions({
    queryKey: choicesKeys.customers(),
    queryFn: ({ signal }) => apiGet('/customers', { schema: customerSchema.array(), signal }),
    staleTime: 0,
  });
}

export function employeeChoicesQueryOptions() {
  return queryOptions({
    queryKey: choicesKeys.employees(),
    queryFn: ({ signal }) => apiGet('/employees', { schema: employeeSchema.array(), signal }),
    staleTime: 0,
  });
}

export function useCustomerChoices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...customerChoicesQueryOptions(), enabled });
}

export function useEmployeeChoices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...employeeChoicesQueryOptions(), enabled });
}
