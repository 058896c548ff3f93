import { slotDaysResponseSchema } from '@eclat/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { apiGet } from '@/lib/api-client';
import { homeQuery, type BookingHome } from '@/lib/pricing/booking-home';

import { monthOf, slotDaysRange, unbookableDays } from './slot-days';
import type { SlotReason } from './slot-reason';
import { slotsKeys } from '@/lib/query-keys';

/** Under `slotsKeys.all`: a booking that refreshes the slots refreshes the marked days too. */
const slotDaysKeys = {
  range: (from: string, to: string, serviceIds: readonly string[], choice?: BookingHome, quoteId?: string) =>
    [
      ...slotsKeys.all,
      'days',
      from,
      to,
      [...serviceIds].sort(),
      choice ? homeQuery(choice) : {},
      quoteId ?? null,
    ] as const,
};

/**
 * `GET /slots/days`: each day of a range (at most 42) with a free time or the reason it has none, for a
 * visit of these services on this home with these extras; for an answered quote, `GET
 * /quotes/{id}/slots/days` (its length is the answer's; decision 026).
 */
export function getSlotDays(
  from: string,
  to: string,
  serviceIds: readonly string[],
  signal?: AbortSignal,
  choice?: BookingHome,
  quoteId?: string,
) {
  if (quoteId) {
    return apiGet(`/quotes/${encodeURIComponent(quoteId)}/slots/days`, {
      query: { from, to },
      schema: slotDaysResponseSchema,
      signal,
    });
  }
  return apiGet('/slots/days', {
    query: {
      from,
      to,
      serviceIds: serviceIds.length ? serviceIds.join(',') : undefined,
      ...(choice && serviceIds.length ? homeQuery(choice) : {}),
    },
    schema: slotDaysResponseSchema,
    signal,
  });
}

export function slotDaysQueryOptions(
  from: string,
  to: string,
  serviceIds: readonly string[],
  choice?: BookingHome,
  quoteId?: string,
) {
  return queryOptions({
    queryKey: slotDaysKeys.range(from, to, serviceIds, choice, quoteId),
    queryFn: ({ signal }) => getSlotDays(from, to, serviceIds, signal, choice, quoteId),
    // Places fill up, as for the slots; a minute is enough while a person looks at a month.
    staleTime: 60_000,
  });
}

/** What the calendar shows of the month's days: the ones with nothing free and how the asking goes. */
export type CalendarDays = {
  /** The month shown (YYYY-MM-01). */
  month: string;
  onMonthChange: (month: string) => void;
  /** The days with nothing free (date -> reason); undefined until known. */
  marked: ReadonlyMap<string, SlotReason> | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
};

/**
 * The calendar's visible month and its days with nothing free for these services, from today to the
 * last bookable day. It opens on the month of `initialDay` (a restored or current choice), else of
 * today; nothing is asked while `today` is unknown or for a month with no open day.
 */
export function useCalendarDays({
  initialDay,
  today,
  bookableUntil,
  serviceIds,
  choice,
  quoteId,
}: {
  initialDay: string | null;
  today: string | null;
  bookableUntil: string | undefined;
  serviceIds: readonly string[];
  /** The home and extras the visit is priced on (its length). */
  choice?: BookingHome;
  /** An answered quote's visit (issue 16) instead of the services'. */
  quoteId?: string;
}): CalendarDays {
  const [chosenMonth, setChosenMonth] = useState<string | null>(null);
  const month = chosenMonth ?? monthOf(initialDay ?? today ?? '');
  const range = today ? slotDaysRange(month, today, bookableUntil) : null;
  const query = useQuery({
    ...slotDaysQueryOptions(range?.from ?? '', range?.to ?? '', serviceIds, choice, quoteId),
    enabled: range !== null,
    select: (answer) => unbookableDays(answer.days),
    // The previous month stays marked while the next one loads, instead of flashing unmarked.
    placeholderData: keepPreviousData,
  });
  const isAsked = range !== null;
  return {
    month,
    onMonthChange: (next) => {
      setChosenMonth(monthOf(next));
    },
    marked: isAsked ? query.data : undefined,
    isLoading: isAsked && (query.isPending || query.isPlaceholderData),
    isError: isAsked && query.isError,
    onRetry: () => void query.refetch(),
  };
}
