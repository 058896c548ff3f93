import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The last row of a page: where the next one starts. `key` is the row's sort key as the cursor writes
 * it: an ISO instant for the lists newest first, the folded text for the lists in name order.
 */
export type KeysetPosition = { key: string; id: string };

/**
 * A list's order, read from an index on (key, id): newest first on an instant (my appointments, the
 * admin's feedback), or alphabetical on a folded text (customers, user accounts).
 */
export type KeysetOrder = { kind: 'newest' | 'alphabetical'; key: AnyColumn; id: AnyColumn };

/** `before` read back: the sort key, then `_` and the id (a uuid: the last 36 characters). */
export function parseCursor(cursor: string | undefined): KeysetPosition | undefined {
  if (!cursor) return undefined;
  return { key: cursor.slice(0, -37), id: cursor.slice(-36) };
}

/** The rows strictly after a position in the order (nothing when the page is the first). */
export function afterPosition(order: KeysetOrder, position: KeysetPosition | undefined): SQL | undefined {
  if (!position) return undefined;
  return order.kind === 'newest'
    ? sql`(${order.key}, ${order.id}) < (${position.key}::timestamptz, ${position.id}::uuid)`
    : sql`(${order.key}, ${order.id}) > (${position.key}::text, ${position.id}::uuid)`;
}

/** The `order by` of a keyset list, the one its index serves. */
export function keysetOrderBy(order: KeysetOrder): SQL[] {
  return order.kind === 'newest' ? [desc(order.key), desc(order.id)] : [asc(order.key), asc(order.id)];
}

/** The `where` of a page: the list's own filter and the position it starts after. */
export function pageWhere(order: KeysetOrder, filter: SQL | undefined, before: string | undefined) {
  return and(filter, afterPosition(order, parseCursor(before)));
}

/**
 * Answers a keyset page: the rows asked for with one more read to know whether more follow; when they
 * do, a `Link: <…?before=…>; rel="next"` header (RFC 8288) says where the next page is (the other
 * parameters of the request, a search for one, kept), so the body keeps the spec's plain array.
 */
export function keysetPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  rows: T[],
  limit: number,
  positionOf: (row: T) => KeysetPosition,
): T[] {
  if (rows.length <= limit) return rows;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (last) {
    const position = positionOf(last);
    const url = new URL(request.url, 'http://localhost');
    url.searchParams.set('before', `${position.key}_${position.id}`);
    url.searchParams.set('limit', String(limit));
    reply.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return page;
}

/** `%`, `_` and the backslash as themselves in a `like` pattern. */
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * A search of `q`: every word (any order) within the folded text (a `search_text` column), as a trigram
 * index reads it (`like '%word%'`); nothing when `q` is blank.
 */
export function matchesEveryWord(text: AnyColumn, q: string | undefined): SQL | undefined {
  const words = (q ?? '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => sql`${text} like '%' || eclat_fold(${escapeLike(word)}) || '%'`));
}

/**
 * Every row of a read, a batch at a time in a stable order (the exports): `read` gives the rows after the
 * last one of the batch before (its keyset condition), so memory holds one batch and no transaction stays
 * open between batches.
 */
export async function* keysetBatches<Row, Item>(
  batchSize: number,
  read: (after: Row | undefined, limit: number) => Promise<Row[]>,
  toItem: (row: Row) => Item,
): AsyncGenerator<Item[]> {
  let after: Row | undefined;
  for (;;) {
    const rows = await read(after, batchSize);
    if (rows.length > 0) yield rows.map(toItem);
    if (rows.length < batchSize) return;
    after = rows.at(-1);
  }
}

/** A row of a list in name order (last name, first name, id), for `keysetBatches`. */
export type NamedRow = { lastName: string; firstName: string; id: string };

/** The rows after this one in name order (last name, first name, id, ascending). */
export function afterName(
  columns: { lastName: AnyColumn; firstName: AnyColumn; id: AnyColumn },
  row: NamedRow | undefined,
): SQL | undefined {
  return row
    ? sql`(${columns.lastName}, ${columns.firstName}, ${columns.id}) > (${row.lastName}, ${row.firstName}, ${row.id}::uuid)`
    : undefined;
}
