import { myDaySchema } from '@eclat/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiGet } from '@/lib/api-client';

import { dispatchKeys } from '@/lib/query-keys';

/** The signed-in employee's shifts and visits of a day, in order (403 without an employee record). */
export function getMyDay(date: string, signal?: AbortSignal) {
  return apiGet('/dispatch/my-day', { query: { date }, schema: myDaySchema, signal });
}

export function myDayQueryOptions(date: string) {
  return queryOptions({
    queryKey: dispatchKeys.myDay(date),
    queryFn: ({ signal }) => getMyDay(date, signal),
    staleTime: 0,
  });
}

export function useMyDay(date: string | null) {
  return useQuery({
    ...myDayQueryOptions(date ?? ''),
    enabled: date !== null,
    placeholderData: keepPreviousData,
  });
}
