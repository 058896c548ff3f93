import { serviceAreaSchema, type ServiceAreaInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPut } from '@/lib/api-client';

import { serviceAreaKey } from '@/lib/query-keys';

/** `PUT /settings/service-area` (admin): online bookings outside it are refused from now on. */
export function saveServiceArea(input: ServiceAreaInput) {
  return apiPut('/settings/service-area', { body: input, schema: serviceAreaSchema });
}

export function useSaveServiceArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveServiceArea,
    onSuccess: (saved) => {
      queryClient.setQueryData(serviceAreaKey, saved);
    },
  });
}
