import type { Appointment } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { cancelMyAppointment } from '@/lib/api/cancel-my-appointment';
import { updateStaffAppointment } from '@/lib/api/save-staff-appointment';

import type { SeriesAudience } from '../links';
import { invalidateSeries } from './keys';

/**
 * Skipping one visit of a series is the spec's Cancel of that visit (decision 020): kept, cancelled, and
 * its date is not planned again. The customer uses their own cancel route; an admin, who may not use it
 * on someone else's visit, saves the visit as it is with the status `cancelled`.
 */
export function skipVisit(visit: Appointment, audience: SeriesAudience) {
  if (audience === 'customer') return cancelMyAppointment(visit.appointmentId);
  return updateStaffAppointment({
    appointmentId: visit.appointmentId,
    input: {
      customerId: visit.customerId,
      serviceIds: visit.serviceDetails.flatMap((line) => (line.serviceId ? [line.serviceId] : [])),
      appointmentDate: visit.appointmentDate,
      comments: visit.comments,
      status: 'cancelled',
    },
  });
}

export function useSkipVisit(audience: SeriesAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (visit: Appointment) => skipVisit(visit, audience),
    onSettled: () => {
      // Not awaited: the caller's own callbacks (a toast) run even if the refetch unmounts it.
      void invalidateSeries(queryClient);
    },
  });
}
