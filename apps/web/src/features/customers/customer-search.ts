import type { Customer } from '@eclat/shared';

/** Lower case without accents, so "amelie" finds "Amélie". */
function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The customers whose name, email or company contain every word of the query (any order, any case,
 * accents ignored). A blank query keeps everyone.
 */
export function filterCustomers(customers: readonly Customer[], query: string): readonly Customer[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return customers;
  return customers.filter((customer) => {
    const haystack = normalize(
      [customer.firstName, customer.lastName, customer.email, customer.companyName ?? ''].join(' '),
    );
    return words.every((word) => haystack.includes(word));
  });
}
