import { appointmentSchema, type BookAppointmentInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { myAppointmentsKeys, slotsKeys } from '@/lib/query-keys';

export type BookAppointmentVariables = {
  customerId: string;
  input: BookAppointmentInput;
  /** The same key on every retry of one checkout: the server answers 200 with the first booking. */
  idempotencyKey: string;
};

export function bookAppointment({ customerId, input, idempotencyKey }: BookAppointmentVariables) {
  return apiPost(`/appointments/customers/${encodeURIComponent(customerId)}`, {
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: appointmentSchema,
  });
}

export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookAppointment,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: myAppointmentsKeys.all });
      void queryClient.invalidateQueries({ queryKey: slotsKeys.all });
    },
  });
}
