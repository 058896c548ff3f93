import { appointmentSchema, type UpdateOwnAppointmentInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPut } from '@/lib/api-client';

import { myAppointmentsKeys, slotsKeys } from '@/lib/query-keys';

export function updateMyAppointment(appointmentId: string, input: UpdateOwnAppointmentInput) {
  return apiPut(`/appointments/customer/${encodeURIComponent(appointmentId)}`, {
    body: input,
    schema: appointmentSchema,
  });
}

export function useUpdateMyAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appointmentId, input }: { appointmentId: string; input: UpdateOwnAppointmentInput }) =>
      updateMyAppointment(appointmentId, input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: myAppointmentsKeys.all });
      void queryClient.invalidateQueries({ queryKey: slotsKeys.all });
    },
  });
}
