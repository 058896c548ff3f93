import { serviceSchema, type ServiceInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPut } from '@/lib/api-client';

import { invalidateServices } from '@/lib/api/get-services';

/** `input.image`: a data URL replaces the picture, null removes it, absent keeps it. */
export function updateService({ serviceId, input }: { serviceId: string; input: ServiceInput }) {
  return apiPut(`/services/${encodeURIComponent(serviceId)}`, { body: input, schema: serviceSchema });
}

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    onSuccess: () => invalidateServices(queryClient),
  });
}
