import { assignmentSchema, type SetAssignmentsInput } from '@eclat/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { dispatchKeys, scheduleKeys, staffAppointmentsKeys } from '@/lib/query-keys';
import { apiGet, apiPut } from '@/lib/api-client';

const assignmentsSchema = assignmentSchema.array();

/** The employees assigned to an appointment (staff). */
export function getAssignments(appointmentId: string, signal?: AbortSignal) {
  return apiGet(`/appointments/${encodeURIComponent(appointmentId)}/assignments`, {
    schema: assignmentsSchema,
    signal,
  });
}

/** Admin: the whole list of employees on the appointment ([] clears it); 409 CONFLICT on an overlap. */
export function setAssignments({
  appointmentId,
  input,
}: {
  appointmentId: string;
  input: SetAssignmentsInput;
}) {
  return apiPut(`/appointments/${encodeURIComponent(appointmentId)}/assignments`, {
    body: input,
    schema: assignmentsSchema,
  });
}

export function assignmentsQueryOptions(appointmentId: string) {
  return queryOptions({
    queryKey: staffAppointmentsKeys.assignments(appointmentId),
    queryFn: ({ signal }) => getAssignments(appointmentId, signal),
    staleTime: 0,
  });
}

export function useAssignments(appointmentId: string) {
  return useQuery(assignmentsQueryOptions(appointmentId));
}

export function useSetAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAssignments,
    onSuccess: (saved, { appointmentId }) => {
      queryClient.setQueryData(staffAppointmentsKeys.assignments(appointmentId), saved);
      // Employee schedules, the dispatch board and employees' days show the jobs.
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      void queryClient.invalidateQueries({ queryKey: dispatchKeys.all });
    },
  });
}
