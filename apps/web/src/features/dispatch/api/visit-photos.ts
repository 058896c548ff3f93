import {
  visitFieldReportSchema,
  visitPhotoSchema,
  visitProblemSchema,
  type VisitPhotoKind,
  type VisitProblemInput,
} from '@eclat/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiGetBlob, apiPost } from '@/lib/api-client';
import { readAsDataUrl } from '@/lib/read-file';

/** Outside `dispatchKeys.all`: a step recorded does not change a visit's photos. */
const visitPhotoKeys = {
  report: (appointmentId: string) => ['visit-photos', appointmentId] as const,
  file: (appointmentId: string, photoId: string) => ['visit-photos', appointmentId, 'file', photoId] as const,
};

/** `GET /appointments/{id}/photos`: the visit's photos and problem reports the caller may see. */
export function useVisitFieldReport(appointmentId: string) {
  return useQuery(
    queryOptions({
      queryKey: visitPhotoKeys.report(appointmentId),
      queryFn: ({ signal }) =>
        apiGet(`/appointments/${encodeURIComponent(appointmentId)}/photos`, {
          schema: visitFieldReportSchema,
          signal,
        }),
    }),
  );
}

/** One stored photo, read with the signed-in person's token (a photo never changes: read once). */
export function useVisitPhotoFile(appointmentId: string, photoId: string) {
  return useQuery({
    queryKey: visitPhotoKeys.file(appointmentId, photoId),
    queryFn: ({ signal }) =>
      apiGetBlob(`/appointments/${encodeURIComponent(appointmentId)}/photos/${encodeURIComponent(photoId)}`, {
        signal,
        timeoutMs: 30_000,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export type PhotoWrite = { appointmentId: string; kind: VisitPhotoKind; key: string; file: Blob };

/** `POST /appointments/{id}/photos`: one photo (a minute at most on a slow line); the report is read again. */
export function useUploadVisitPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ appointmentId, kind, key, file }: PhotoWrite) =>
      apiPost(`/appointments/${encodeURIComponent(appointmentId)}/photos`, {
        body: { kind, key, image: await readAsDataUrl(file) },
        schema: visitPhotoSchema,
        timeoutMs: 60_000,
      }),
    onSuccess: async (_photo, { appointmentId }) => {
      await queryClient.invalidateQueries({ queryKey: visitPhotoKeys.report(appointmentId) });
    },
  });
}

/** `POST /appointments/{id}/problems`: the report (the office is emailed); the report is read again. */
export function useReportVisitProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appointmentId, body }: { appointmentId: string; body: VisitProblemInput }) =>
      apiPost(`/appointments/${encodeURIComponent(appointmentId)}/problems`, {
        body,
        schema: visitProblemSchema,
      }),
    onSuccess: async (_problem, { appointmentId }) => {
      await queryClient.invalidateQueries({ queryKey: visitPhotoKeys.report(appointmentId) });
    },
  });
}
