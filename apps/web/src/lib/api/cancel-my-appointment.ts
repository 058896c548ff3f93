import { appointmentSchema, type Appointment } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';
import { updateKeysetItems } from '@/lib/use-keyset-list';

import { myAppointmentsKeys, slotsKeys } from '@/lib/query-keys';

/**
 * A customer's cancel: the appointment is kept, now `cancelled`, and frees its slot. Its own route, so an
 * admin cancelling their own booking here is not taken for the admin's delete (`DELETE`, decision 012).
 */
export function cancelMyAppointment(appointmentId: string) {
  return apiPost(`/appointments/customer/${encodeURIComponent(appointmentId)}/cancel`, {
    schema: appointmentSchema,
  });
}

export function useCancelMyAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMyAppointment,
    onSuccess: (cancelled) => {
      // Show the change at once; the refetch below confirms it.
      updateKeysetItems<Appointment>(queryClient, myAppointmentsKeys.all, (item) =>
        item.appointmentId === cancelled.appointmentId ? cancelled : item,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: myAppointmentsKeys.all });
      void queryClient.invalidateQueries({ queryKey: slotsKeys.all });
    },
  });
}
