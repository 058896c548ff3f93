import {
  centsFromDollars,
  dollarsFromCents,
  serviceAreaInputSchema,
  type ServiceArea,
  type ServiceAreaInput,
} from '@eclat/shared';

/** One row of the admin's service area form: a prefix and its surcharge in dollars (empty: none). */
export type AreaRow = { prefix: string; surcharge: string };
/** Row index -> field -> translation key of its first broken rule. */
export type AreaErrors = Record<number, Partial<Record<keyof AreaRow, string>>>;

export function toAreaRows(area: ServiceArea): AreaRow[] {
  return area.map((entry) => ({
    prefix: entry.prefix,
    surcharge: entry.surchargeCents ? dollarsFromCents(entry.surchargeCents) : '',
  }));
}

/**
 * The rows as the server takes them (blank rows left out, surcharges in cents), checked with the schema
 * the server uses, or each row's errors.
 */
export function validateAreaRows(
  rows: readonly AreaRow[],
): { success: true; data: ServiceAreaInput } | { success: false; errors: AreaErrors } {
  const errors: AreaErrors = {};
  const kept = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.prefix.trim() !== '' || row.surcharge.trim() !== '');
  const prefixes = kept.map(({ row, index }) => {
    const cents = row.surcharge.trim() === '' ? 0 : centsFromDollars(row.surcharge);
    if (cents === null) errors[index] = { surcharge: 'serviceArea.errors.surcharge' };
    return { prefix: row.prefix, surchargeCents: cents ?? 0 };
  });
  const parsed = serviceAreaInputSchema.safeParse({ prefixes });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [, position, field] = issue.path;
      const index = typeof position === 'number' ? kept[position]?.index : undefined;
      if (index === undefined || (field !== 'prefix' && field !== 'surchargeCents')) continue;
      const name = field === 'prefix' ? 'prefix' : 'surcharge';
      errors[index] = { [name]: issue.message, ...errors[index] };
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { success: false, errors };
  return { success: true, data: { prefixes } };
}
