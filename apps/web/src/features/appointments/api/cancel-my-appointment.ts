import { appointmentSchema, type Appointment } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiDelete } from '@/lib/api-client';

import { myAppointmentsKeys } from './get-my-appointments';
import { slotsKeys } from './get-slots';

/** The spec's DELETE: the appointment is kept, now `cancelled`, and frees its slot. */
export function cancelMyAppointment(appointmentId: string) {
  return apiDelete(`/appointments/${encodeURIComponent(appointmentId)}`, { schema: appointmentSchema });
}

export function useCancelMyAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMyAppointment,
    onSuccess: (cancelled) => {
      // Show the change at once; the refetch below confirms it.
      queryClient.setQueryData<Appointment[]>(myAppointmentsKeys.all, (list) =>
        list?.map((item) => (item.appointmentId === cancelled.appointmentId ? cancelled : item)),
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: myAppointmentsKeys.all });
      void queryClient.invalidateQueries({ queryKey: slotsKeys.all });
    },
  });
}
