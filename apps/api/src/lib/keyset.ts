import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** The last row of a page: where the next one starts (newest first, then id). */
export type KeysetPosition = { at: Date; id: string };

/** `before` read back: rows strictly after this position in the order (sort instant, id) descending. */
export function parseCursor(cursor: string | undefined): KeysetPosition | undefined {
  if (!cursor) return undefined;
  return { at: new Date(cursor.slice(0, 24)), id: cursor.slice(25) };
}

/** The condition of a keyset page on (instant column, id column), both descending. */
export function beforePosition(
  at: AnyColumn,
  id: AnyColumn,
  position: KeysetPosition | undefined,
): SQL | undefined {
  return position
    ? sql`(${at}, ${id}) < (${position.at.toISOString()}::timestamptz, ${position.id}::uuid)`
    : undefined;
}

/**
 * Answers a keyset page: the rows asked for with one more read to know whether more follow; when they
 * do, a `Link: <…?before=…>; rel="next"` header (RFC 8288) says where the next page is, so the body keeps
 * the spec's plain array.
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
    url.searchParams.set('before', `${position.at.toISOString()}_${position.id}`);
    url.searchParams.set('limit', String(limit));
    reply.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return page;
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
