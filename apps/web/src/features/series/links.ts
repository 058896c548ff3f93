import { paths } from '@/config/paths';

/** Who opened a series screen: the customer (My Appointments) or an admin (the Recurring tab). */
export type SeriesAudience = 'customer' | 'admin';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "Change all future visits" of a series: `from` is the visit the change starts at (its day opens the
 * calendar), `back=admin` brings an admin back to the Recurring tab afterwards.
 */
export function changeSeriesHref(
  seriesId: string,
  { from, audience = 'customer' }: { from?: string; audience?: SeriesAudience } = {},
): string {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (audience === 'admin') params.set('back', 'admin');
  const search = params.toString();
  return search ? `${paths.changeSeries.getHref(seriesId)}?${search}` : paths.changeSeries.getHref(seriesId);
}

/** The same page for an admin or the customer: its series page link keeps who opened it. */
export function seriesHref(seriesId: string, audience: SeriesAudience = 'customer'): string {
  const href = paths.series.getHref(seriesId);
  return audience === 'admin' ? `${href}?back=admin` : href;
}

/** What a series screen's address says: the day to start at (if a real date) and who opened it. */
export function readSeriesParams(search: URLSearchParams | string): {
  from: string | null;
  audience: SeriesAudience;
} {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const from = params.get('from');
  return {
    from: from && DATE.test(from) && !Number.isNaN(Date.parse(from)) ? from : null,
    audience: params.get('back') === 'admin' ? 'admin' : 'customer',
  };
}
