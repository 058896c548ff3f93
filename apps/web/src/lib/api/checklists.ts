import {
  serviceChecklistSchema,
  visitChecklistSchema,
  type ChecklistAnswerInput,
  type ServiceChecklistInput,
} from '@eclat/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiPut } from '@/lib/api-client';

/**
 * Checklists (issue 30 §3, decision 064): a service's (the admin's service editing) and a visit's (My
 * Day, where the cleaner answers it; My Appointments, where its customer reads what was done).
 */
export const checklistKeys = {
  all: ['checklists'] as const,
  service: (serviceId: string) => [...checklistKeys.all, 'service', serviceId] as const,
  visit: (appointmentId: string) => [...checklistKeys.all, 'visit', appointmentId] as const,
};

const servicePath = (serviceId: string) => `/services/${encodeURIComponent(serviceId)}/checklist`;
const visitPath = (appointmentId: string) => `/appointments/${encodeURIComponent(appointmentId)}/checklist`;

/** `GET /services/{id}/checklist` (admin). */
export function useServiceChecklist(serviceId: string) {
  return useQuery({
    queryKey: checklistKeys.service(serviceId),
    queryFn: ({ signal }) => apiGet(servicePath(serviceId), { schema: serviceChecklistSchema, signal }),
    staleTime: 0,
  });
}

/** `PUT /services/{id}/checklist` (admin): the whole list in order. */
export function useWriteServiceChecklist(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServiceChecklistInput) =>
      apiPut(servicePath(serviceId), { body: input, schema: serviceChecklistSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(checklistKeys.service(serviceId), saved);
    },
  });
}

/** `GET /appointments/{id}/checklist`: the cleaner on the visit, the office, or its customer once done. */
export function useVisitChecklist(appointmentId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: checklistKeys.visit(appointmentId),
    queryFn: ({ signal }) => apiGet(visitPath(appointmentId), { schema: visitChecklistSchema, signal }),
    enabled,
  });
}

/** `PUT /appointments/{id}/checklist/{itemId}`: one item's answer (the same twice counts once). */
export function useAnswerChecklistItem(appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, answer }: { itemId: string; answer: ChecklistAnswerInput }) =>
      apiPut(`${visitPath(appointmentId)}/${encodeURIComponent(itemId)}`, {
        body: answer,
        schema: visitChecklistSchema,
      }),
    onSuccess: (checklist) => {
      queryClient.setQueryData(checklistKeys.visit(appointmentId), checklist);
    },
  });
}
