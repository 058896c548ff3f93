import { dateRangeQuerySchema, LIST_RANGE_MAX_DAYS, rangeProblem, type DayRange } from '@eclat/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The range of the address, when it is whole, real and at most `LIST_RANGE_MAX_DAYS`; else null. */
function readRange(search: URLSearchParams): DayRange | null {
  const parsed = dateRangeQuerySchema.safeParse({
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
  });
  if (!parsed.success || !parsed.data.from || !parsed.data.to) return null;
  const range = { from: parsed.data.from, to: parsed.data.to };
  return rangeProblem(range, LIST_RANGE_MAX_DAYS) ? null : range;
}

/**
 * A list's days kept in the address (`?from=…&to=…`, decision 024), so a reload or a shared link shows
 * the same: the range chosen (null for the list's default) and how to choose another.
 */
export function useRangeInAddress(): [DayRange | null, (range: DayRange) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = readRange(searchParams);
  const choose = useCallback(
    (range: DayRange) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set('from', range.from);
        next.set('to', range.to);
        return next;
      });
    },
    [setSearchParams],
  );
  return [chosen, choose];
}
