import { appointmentsFilterQuerySchema, rangeProblem, type AppointmentsFilter } from '@eclat/shared';

/**
 * The staff appointments table's place in the URL: `/appointments?page=2` is the second page. People
 * count pages from 1; the API counts from 0 (spec §9), so the route converts with `toApiPage`.
 */
export const PAGE_PARAM = 'page';

/** The page (from 1) a query string asks for; missing or unreadable values give the first page. */
export function readPageParam(search: URLSearchParams | string): number {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw = params.get(PAGE_PARAM)?.trim() ?? '';
  if (!/^\d{1,4}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 ? page : 1;
}

/** The query string with the page set; the first page is the bare address. Other parameters are kept. */
export function writePageParam(search: URLSearchParams | string, page: number): URLSearchParams {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(PAGE_PARAM);
  else params.set(PAGE_PARAM, String(page));
  return params;
}

/**
 * The table's filter in the address too (`?status=confirmed&from=2026-11-01&to=2026-11-30`, issue 18;
 * `&payment=needed`, decision 058):
 * a reload, a shared link or Back shows the same rows. Unreadable values are left out.
 */
export function readFilterParams(search: URLSearchParams | string): AppointmentsFilter {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const parsed = appointmentsFilterQuerySchema.safeParse({
    status: params.get('status') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    payment: params.get('payment') ?? undefined,
  });
  if (parsed.success) return dropBackwards(parsed.data);
  // One bad value does not lose the others.
  const filter: AppointmentsFilter = {};
  for (const key of ['status', 'from', 'to', 'payment'] as const) {
    const one = appointmentsFilterQuerySchema.safeParse({ [key]: params.get(key) ?? undefined });
    if (one.success) Object.assign(filter, one.data);
  }
  return dropBackwards(filter);
}

/** A backwards range is no filter the API accepts: its dates are dropped. */
function dropBackwards(filter: AppointmentsFilter): AppointmentsFilter {
  if (rangeProblem(filter, null) === null) return filter;
  const { from: _from, to: _to, ...rest } = filter;
  return rest;
}

/** The query string with the filter set and the first page (a new filter starts from the top). */
export function writeFilterParams(
  search: URLSearchParams | string,
  filter: AppointmentsFilter,
): URLSearchParams {
  const params = new URLSearchParams(search);
  for (const key of ['status', 'from', 'to', 'payment'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
    else params.delete(key);
  }
  params.delete(PAGE_PARAM);
  return params;
}

/** The API's page index (from 0) of a page counted from 1. */
export function toApiPage(page: number): number {
  return Math.max(0, page - 1);
}

/**
 * The page to show instead when the one asked for is past the end (the last row of the last page
 * was deleted, or a stale link): the last page, or null when the page is fine.
 */
export function clampPage(page: number, totalPages: number): number | null {
  if (totalPages >= 1 && page > totalPages) return totalPages;
  return null;
}
