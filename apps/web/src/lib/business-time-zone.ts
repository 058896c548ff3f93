import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { getSlots } from '@/lib/slots/get-slots';

/**
 * The business time zone and the last bookable day, as `/slots` names them (the same for every day):
 * asked once per visit, read by every page that shows a time (formatted by `business-time.ts`).
 */

/** Outside `slotsKeys.all`: invalidating the slots after a booking never asks for the time zone again. */
const businessTimeZoneKey = ['business-time-zone'] as const;

const businessCalendarOptions = queryOptions({
  queryKey: businessTimeZoneKey,
  queryFn: ({ signal }) => getSlots(new Date().toISOString().slice(0, 10), [], signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The business time zone, as `/slots` names it (the same for every day); asked once per visit. */
export function useBusinessTimeZone() {
  return useQuery({ ...businessCalendarOptions, select: (slots) => slots.timeZone });
}

/** The last day open for booking (`BOOKING_HORIZON_DAYS` ahead), from the same answer. */
export function useBookableUntil() {
  return useQuery({ ...businessCalendarOptions, select: (slots) => slots.bookableUntil });
}

/** The business time zone for code outside a component (a confirmation opened after a request). */
export async function fetchBusinessTimeZone(queryClient: QueryClient): Promise<string> {
  return (await queryClient.query(businessCalendarOptions)).timeZone;
}
