import { serviceSchema, type ServiceInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { invalidateServices } from '@/lib/api/get-services';

export function createService(input: ServiceInput) {
  return apiPost('/services', { body: input, schema: serviceSchema });
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: () => invalidateServices(queryClient),
  });
}
