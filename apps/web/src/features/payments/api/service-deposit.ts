import { serviceDepositSchema, type ServiceDeposit } from '@eclat/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiPut } from '@/lib/api-client';

const depositKey = (serviceId: string) => ['service-deposit', serviceId] as const;
const path = (serviceId: string) => `/admin/services/${encodeURIComponent(serviceId)}/deposit`;

/** `GET /admin/services/:id/deposit` (admin; decision 057): the deposit a booking of it takes, or null. */
export function useServiceDeposit(serviceId: string, enabled: boolean) {
  return useQuery({
    queryKey: depositKey(serviceId),
    queryFn: ({ signal }) => apiGet(path(serviceId), { schema: serviceDepositSchema, signal }),
    enabled,
    staleTime: 0,
  });
}

/** `PUT /admin/services/:id/deposit`: set it, or remove it (null). */
export function useSaveServiceDeposit(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceDeposit) => apiPut(path(serviceId), { body, schema: serviceDepositSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(depositKey(serviceId), saved);
    },
  });
}
