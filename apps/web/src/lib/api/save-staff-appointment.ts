import { appointmentSchema, type AdminAppointmentInput } from '@eclat/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { apiPost, apiPut } from '@/lib/api-client';
import { getActiveLanguage } from '@/lib/i18n';

import { appointmentsKey, scheduleKeys, slotsKeys } from '@/lib/query-keys';

/** Every appointments list (staff table, my appointments), the slots they fill and the jobs on them. */
export function invalidateAppointments(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: appointmentsKey }),
    queryClient.invalidateQueries({ queryKey: slotsKeys.all }),
    queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  ]);
}

/** Admin: an appointment for a customer, any status; capacity enforced (409 SLOT_FULL). */
export function createStaffAppointment(input: AdminAppointmentInput) {
  return apiPost('/appointments', {
    body: { ...input, locale: input.locale ?? getActiveLanguage() },
    schema: appointmentSchema,
  });
}

/** Admin: the whole appointment replaced, any of the four statuses. */
export function updateStaffAppointment({
  appointmentId,
  input,
}: {
  appointmentId: string;
  input: AdminAppointmentInput;
}) {
  return apiPut(`/appointments/${encodeURIComponent(appointmentId)}`, {
    body: input,
    schema: appointmentSchema,
  });
}

export function useCreateStaffAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaffAppointment,
    onSuccess: () => invalidateAppointments(queryClient),
  });
}

export function useUpdateStaffAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaffAppointment,
    onSuccess: () => invalidateAppointments(queryClient),
  });
}
