import { seriesDetailSchema, type ChangeSeriesInput } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPut } from '@/lib/api-client';

import { invalidateSeries } from './keys';

/**
 * `PUT /series/{seriesId}` (owner, admin): all future visits, from the new first visit on, re-planned
 * with its weekday, time, services, frequency and comments; the visits before it stay.
 */
export function changeSeries({ seriesId, input }: { seriesId: string; input: ChangeSeriesInput }) {
  return apiPut(`/series/${encodeURIComponent(seriesId)}`, { body: input, schema: seriesDetailSchema });
}

export function useChangeSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSeries,
    onSettled: () => {
      // Not awaited: the caller's own callbacks (a toast) run even if the refetch unmounts it.
      void invalidateSeries(queryClient);
    },
  });
}
