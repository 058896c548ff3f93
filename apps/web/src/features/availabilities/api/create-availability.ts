import { availabilitySchema, type AdminAvailabilityInput, type AvailabilityInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { availabilityKeys, slotsKeys } from '@/lib/query-keys';
import { apiPost } from '@/lib/api-client';

/** Adds an availability of the signed-in employee (the name comes from their employee record). */
export function createAvailability(input: AvailabilityInput) {
  return apiPost('/availabilities/my-availabilities', { body: input, schema: availabilitySchema });
}

/** An admin adds an availability for a team member (`POST /availabilities`). */
export function createTeamAvailability(input: AdminAvailabilityInput) {
  return apiPost('/availabilities', { body: input, schema: availabilitySchema });
}

/**
 * A new availability is a cleaner working that day: the lists and the open times change. Not awaited:
 * the admin's list of everyone's availabilities is long, and the form says "added" as soon as it is.
 */
function useRefreshAfterCreate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
    void queryClient.invalidateQueries({ queryKey: slotsKeys.all });
  };
}

export function useCreateAvailability() {
  return useMutation({ mutationFn: createAvailability, onSuccess: useRefreshAfterCreate() });
}

export function useCreateTeamAvailability() {
  return useMutation({ mutationFn: createTeamAvailability, onSuccess: useRefreshAfterCreate() });
}
