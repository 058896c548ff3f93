import type { DispatchView } from '@eclat/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { toZonedIsoDate } from '@/lib/business-time';

import { readDateParam, readViewParam, writeDayParams } from './day-params';

/**
 * The day a screen shows (the board, an employee's day): the address's `date`, else today in the
 * business time zone (null until that zone is known), the view, and `show` to move to another day.
 */
export function useShownDay() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [openedAt] = useState(() => new Date());
  const timeZone = useBusinessTimeZone();
  const today = timeZone.data ? toZonedIsoDate(openedAt, timeZone.data) : null;
  const date = readDateParam(searchParams) ?? today;
  const view = readViewParam(searchParams);
  const show = (next: { date: string; view?: DispatchView }) => {
    setSearchParams((current) => writeDayParams(current, next));
  };
  return { timeZone, today, date, view, show };
}
