import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiDelete } from '@/lib/api-client';

import { invalidateServices } from '@/lib/api/get-services';

export async function deleteService(serviceId: string): Promise<void> {
  await apiDelete(`/services/${encodeURIComponent(serviceId)}`);
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: () => invalidateServices(queryClient),
  });
}
