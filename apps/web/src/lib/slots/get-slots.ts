import { slotsResponseSchema } from '@eclat/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';
import { homeQuery, type BookingHome } from '@/lib/pricing/booking-home';
import { slotsKeys } from '@/lib/query-keys';

/** One day's slots for these services and this home, or for an answered quote. */
function slotsDayKey(date: string, serviceIds: readonly string[], choice?: BookingHome, quoteId?: string) {
  return [
    ...slotsKeys.all,
    date,
    [...serviceIds].sort(),
    choice ? homeQuery(choice) : {},
    quoteId ?? null,
  ] as const;
}

/**
 * The 12 hourly slots of a business day, each bookable or not (past, full), for a visit of these
 * services on this home with these extras (its length decides; decision 025), or of an answered quote
 * (`quoteId`: its length is the answer's; decision 026).
 */
export function getSlots(
  date: string,
  serviceIds: readonly string[],
  signal?: AbortSignal,
  choice?: BookingHome,
  quoteId?: string,
) {
  if (quoteId) {
    return apiGet(`/quotes/${encodeURIComponent(quoteId)}/slots`, {
      query: { date },
      schema: slotsResponseSchema,
      signal,
    });
  }
  return apiGet('/slots', {
    query: {
      date,
      serviceIds: serviceIds.length ? serviceIds.join(',') : undefined,
      ...(choice && serviceIds.length ? homeQuery(choice) : {}),
    },
    schema: slotsResponseSchema,
    signal,
  });
}

export function slotsQueryOptions(
  date: string,
  serviceIds: readonly string[],
  choice?: BookingHome,
  quoteId?: string,
) {
  return queryOptions({
    queryKey: slotsDayKey(date, serviceIds, choice, quoteId),
    queryFn: ({ signal }) => getSlots(date, serviceIds, signal, choice, quoteId),
    // Places fill up: always ask again when the day is shown.
    staleTime: 0,
  });
}

export function useSlots(
  date: string | null,
  serviceIds: readonly string[],
  choice?: BookingHome,
  quoteId?: string,
) {
  return useQuery({ ...slotsQueryOptions(date ?? '', serviceIds, choice, quoteId), enabled: Boolean(date) });
}
