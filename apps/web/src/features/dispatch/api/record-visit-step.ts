import { visitStepsSchema, type VisitStepInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';
import { appointmentsKey, dispatchKeys } from '@/lib/query-keys';

/** Where the phone is, when it says within two seconds (the step goes without it otherwise). */
function currentPosition(): Promise<Pick<VisitStepInput, 'latitude' | 'longitude' | 'accuracy'>> {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geolocation) return Promise.resolve({});
  return new Promise((resolve) => {
    const give = () => {
      resolve({});
    };
    const timer = setTimeout(give, 2500);
    geolocation.getCurrentPosition(
      ({ coords }) => {
        clearTimeout(timer);
        resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy });
      },
      () => {
        clearTimeout(timer);
        give();
      },
      { timeout: 2000, maximumAge: 60_000 },
    );
  });
}

/** What My Day sends: the step and its key (made once per press), with the minutes or the reason. */
export type StepWrite = {
  appointmentId: string;
  body: Omit<VisitStepInput, 'latitude' | 'longitude' | 'accuracy'>;
};

/**
 * `POST /appointments/{id}/steps` (issue 30): the cleaner's next step, with where the phone is when it
 * allows it; the day and every appointments list are read again once it is recorded.
 */
export function useRecordVisitStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ appointmentId, body }: StepWrite) =>
      apiPost(`/appointments/${encodeURIComponent(appointmentId)}/steps`, {
        body: { ...body, ...(await currentPosition()) },
        schema: visitStepsSchema,
      }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: dispatchKeys.all }),
        queryClient.invalidateQueries({ queryKey: appointmentsKey }),
      ]);
    },
  });
}
