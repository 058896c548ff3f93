import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiDelete } from '@/lib/api-client';

import { invalidateAppointments } from '@/lib/api/save-staff-appointment';

/** Admin: removes the appointment for good (204). Anyone else who is not its customer gets 403. */
export async function deleteStaffAppointment(appointmentId: string): Promise<void> {
  await apiDelete(`/appointments/${encodeURIComponent(appointmentId)}`);
}

export function useDeleteStaffAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStaffAppointment,
    onSuccess: () => invalidateAppointments(queryClient),
  });
}
