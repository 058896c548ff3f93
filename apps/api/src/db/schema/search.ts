import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Text as searched and sorted (decision 024): lower case without accents, by `eclat_fold`, an immutable
 * SQL function over the `unaccent` extension (migration `0018_searchable_people`), so "amelie" finds
 * "Amélie" and an expression index can hold it. The search indexes are trigram (`pg_trgm`) GIN indexes on
 * the folded text, so `like '%word%'` reads the index.
 */
export function folded(...parts: AnyColumn[]): SQL {
  const joined = sql.join(
    parts.map((part) => sql`coalesce(${part}, '')`),
    sql` || ' ' || `,
  );
  return sql`eclat_fold(${joined})`;
}

/** A customer's place in the admin's list and the picker: last name, then first name. */
export const customerSortKey = (t: { lastName: AnyColumn; firstName: AnyColumn }) =>
  folded(t.lastName, t.firstName);
/** What a customer search reads: names, email and company. */
export const customerSearchText = (t: {
  firstName: AnyColumn;
  lastName: AnyColumn;
  email: AnyColumn;
  companyName: AnyColumn;
}) => folded(t.firstName, t.lastName, t.email, t.companyName);

/** A user account's place in the roles list: its email. */
export const userSortKey = (t: { email: AnyColumn }) => folded(t.email);
/** What a user search reads: email and names. */
export const userSearchText = (t: { email: AnyColumn; firstName: AnyColumn; lastName: AnyColumn }) =>
  folded(t.email, t.firstName, t.lastName);
