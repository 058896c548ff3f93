import { useMutation, useQueryClient } from '@tanstack/react-query';

import { availabilityKeys, scheduleKeys, staffAppointmentsKeys } from '@/lib/query-keys';
import { apiDelete } from '@/lib/api-client';

import { employeesKeys } from '@/lib/api/get-employees';

/** Deletes the record with its availabilities and assigned shifts (the server's rule). */
export async function deleteEmployee(employeeId: string): Promise<void> {
  await apiDelete(`/employees/${encodeURIComponent(employeeId)}`);
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    // Also after a failure: a 404 means the list on screen is out of date.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: employeesKeys.all }),
        // The server removed the employee's availabilities, shifts and jobs with the record.
        queryClient.invalidateQueries({ queryKey: availabilityKeys.all }),
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
        queryClient.invalidateQueries({ queryKey: staffAppointmentsKeys.all }),
      ]),
  });
}
