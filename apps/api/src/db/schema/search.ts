import { sql, type SQL } from 'drizzle-orm';

/**
 * Text as searched and sorted (decision 024): lower case without accents, by `eclat_fold`, an immutable
 * SQL function over the `unaccent` extension (migration `0019_searchable_people`), so "amelie" finds
 * "Amélie". Kept in stored generated columns, computed once per write rather than per row read: a
 * search reads `search_text` through its trigram (`pg_trgm`) GIN index (`like '%word%'`), and the list's
 * order is `(sort_key, id)`, a btree.
 */
export function folded(...columns: string[]): SQL {
  return sql.raw(`eclat_fold(${columns.map((column) => `coalesce("${column}", '')`).join(` || ' ' || `)})`);
}
