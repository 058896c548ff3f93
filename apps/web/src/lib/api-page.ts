import {
  API_BASE_URL,
  exchange,
  parseResponse,
  readBody,
  type RequestOptions,
  type WithSchema,
} from './api-client';

/*
 * Keyset lists read page by page (decision 024). Apart from the API client so that the first visit of a
 * public page, which reads no such list, does not load it.
 */

/** A keyset page (decision 024): its rows, and where the next page is (null at the end). */
export type KeysetPageResult<T> = { items: T[]; next: string | null };

/**
 * The next page of a `Link: <…>; rel="next"` header (RFC 8288), as a path under the API's base, or null.
 * Only a link on this API is followed.
 */
export function nextPageOf(link: string | null): string | null {
  const target = link ? /<([^>]+)>\s*;\s*rel="?next"?/.exec(link)?.[1] : undefined;
  if (!target?.startsWith(`${API_BASE_URL}/`)) return null;
  return target.slice(API_BASE_URL.length);
}

/** A GET of a keyset list: the rows (checked with the schema) and the next page from the Link header. */
export async function apiGetPage<T>(
  path: string,
  options: RequestOptions & WithSchema<T[]>,
): Promise<KeysetPageResult<T>> {
  const { response, body } = await exchange('GET', path, options, readBody);
  return {
    items: parseResponse(options.schema, body, { response, method: 'GET', path }),
    next: nextPageOf(response.headers.get('link')),
  };
}
