import { availabilitySchema, type AvailabilityInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPut } from '@/lib/api-client';

import { availabilityKeys } from '@/lib/query-keys';

/** Changes one of the signed-in employee's own availabilities. */
export function updateAvailability({
  availabilityId,
  input,
}: {
  availabilityId: string;
  input: AvailabilityInput;
}) {
  return apiPut(`/availabilities/my-availabilities/${encodeURIComponent(availabilityId)}`, {
    body: input,
    schema: availabilitySchema,
  });
}

export function useUpdateAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAvailability,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
  });
}
