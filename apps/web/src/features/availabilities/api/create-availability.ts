import { availabilitySchema, type AvailabilityInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { availabilityKeys } from './keys';

/** Adds an availability of the signed-in employee (the name comes from their employee record). */
export function createAvailability(input: AvailabilityInput) {
  return apiPost('/availabilities/my-availabilities', { body: input, schema: availabilitySchema });
}

export function useCreateAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAvailability,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}
