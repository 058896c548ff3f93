import {
  calendarFeedCreatedSchema,
  calendarFeedsSchema,
  type CalendarFeedOwner,
  type Locale,
} from '@eclat/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiDelete, apiGet, apiPost } from '@/lib/api-client';

export const calendarFeedsKey = ['calendar-feeds', 'mine'] as const;

/** `GET /calendar-feeds/mine`: whether an address exists for my visits and for my jobs. */
export function getMyCalendarFeeds(signal?: AbortSignal) {
  return apiGet('/calendar-feeds/mine', { schema: calendarFeedsSchema, signal });
}

export function myCalendarFeedsQueryOptions() {
  return queryOptions({ queryKey: calendarFeedsKey, queryFn: ({ signal }) => getMyCalendarFeeds(signal) });
}

export function useMyCalendarFeeds() {
  return useQuery(myCalendarFeedsQueryOptions());
}

/** `POST /calendar-feeds/mine`: a new address (the old one stops working); its secret is in this answer only. */
export function makeCalendarFeed(input: { for: CalendarFeedOwner; locale: Locale }) {
  return apiPost('/calendar-feeds/mine', { body: input, schema: calendarFeedCreatedSchema });
}

export function useMakeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedsKey }),
  });
}

/** `DELETE /calendar-feeds/mine?for=…`: the address stops working at once. */
export async function stopCalendarFeed(owner: CalendarFeedOwner): Promise<void> {
  await apiDelete('/calendar-feeds/mine', { query: { for: owner } });
}

export function useStopCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedsKey }),
  });
}
