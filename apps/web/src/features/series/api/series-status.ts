import { seriesDetailSchema } from '@eclat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '@/lib/api-client';

import { invalidateSeries } from './keys';

/**
 * The three changes of a series' status (owner, admin): `pause` takes its open future visits off the
 * plan, `resume` plans them again from `from` (or the next day that can), `cancel` cancels every open
 * future visit (or, with `from`, those from that day: the series ends there) and keeps the past ones. A cancelled series refuses all three (409 SERIES_CANCELLED).
 */
export type SeriesStatusChange =
  | { action: 'pause'; seriesId: string }
  | { action: 'resume'; seriesId: string; from?: string }
  | { action: 'cancel'; seriesId: string; from?: string };

export function changeSeriesStatus(change: SeriesStatusChange) {
  const body = change.action !== 'pause' && change.from ? { from: change.from } : {};
  return apiPost(`/series/${encodeURIComponent(change.seriesId)}/${change.action}`, {
    body,
    schema: seriesDetailSchema,
  });
}

export function useChangeSeriesStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSeriesStatus,
    onSettled: () => {
      // Not awaited: the caller's own callbacks (a toast) run even if the refetch unmounts it.
      void invalidateSeries(queryClient);
    },
  });
}
