import { dispatchBoardSchema, type DispatchView } from '@eclat/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { dispatchKeys } from '@/lib/query-keys';

/** Admin: every employee's lane and the unassigned visits of a day, or of the week (from Monday) of `date`. */
export function getDispatchBoard(date: string, view: DispatchView, signal?: AbortSignal) {
  return apiGet('/dispatch', { query: { date, view }, schema: dispatchBoardSchema, signal });
}

export function dispatchBoardQueryOptions(date: string, view: DispatchView) {
  return queryOptions({
    queryKey: dispatchKeys.board(date, view),
    queryFn: ({ signal }) => getDispatchBoard(date, view, signal),
    // Bookings arrive all day: ask again whenever the board is shown.
    staleTime: 0,
  });
}

export function useDispatchBoard(date: string | null, view: DispatchView) {
  // Moving to the next day keeps the board on screen until that day arrives.
  return useQuery({
    ...dispatchBoardQueryOptions(date ?? '', view),
    enabled: date !== null,
    placeholderData: keepPreviousData,
  });
}
