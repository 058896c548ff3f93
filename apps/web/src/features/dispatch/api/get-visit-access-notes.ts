import { visitAccessNotesSchema } from '@eclat/shared';
import { useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import { dispatchKeys } from '@/lib/query-keys';

/**
 * `GET /appointments/{id}/access-notes` (decision 065): the place's notes for the visit's cleaner, within
 * the visit's window. Every answer is a logged reading: asked only when the cleaner opens them, never
 * again by itself (no refetch on focus or reconnect), and forgotten once closed.
 */
export function useVisitAccessNotes(appointmentId: string, open: boolean) {
  return useQuery({
    queryKey: [...dispatchKeys.all, 'access-notes', appointmentId] as const,
    queryFn: ({ signal }) =>
      apiGet(`/appointments/${encodeURIComponent(appointmentId)}/access-notes`, {
        schema: visitAccessNotesSchema,
        signal,
      }),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
