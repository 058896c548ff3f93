import type { SeriesStatus } from '@eclat/shared';
import type { QueryClient } from '@tanstack/react-query';

import { appointmentsKey, dispatchKeys, scheduleKeys, slotsKeys } from '@/lib/query-keys';

/** Query keys of recurring cleanings (decision 020): a change of a series invalidates `all`. */
export const seriesKeys = {
  all: ['series'] as const,
  mine: () => [...seriesKeys.all, 'mine'] as const,
  detail: (seriesId: string) => [...seriesKeys.all, 'detail', seriesId] as const,
  pages: () => [...seriesKeys.all, 'page'] as const,
  page: (page: number, size: number, status: SeriesStatus | null) =>
    [...seriesKeys.pages(), page, size, status] as const,
  needsTime: () => [...seriesKeys.all, 'needs-time'] as const,
};

/** Outside `seriesKeys.all`: changing a series never asks for the discounts again. */
export const recurringDiscountsKey = ['settings', 'recurring'] as const;

/**
 * A series changed (booked, re-planned, paused, resumed, cancelled) or one of its visits did: every
 * list that shows its visits, the places they hold, the jobs and the boards they are on.
 */
export function invalidateSeries(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: seriesKeys.all }),
    queryClient.invalidateQueries({ queryKey: appointmentsKey }),
    queryClient.invalidateQueries({ queryKey: slotsKeys.all }),
    queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
    queryClient.invalidateQueries({ queryKey: dispatchKeys.all }),
  ]);
}
