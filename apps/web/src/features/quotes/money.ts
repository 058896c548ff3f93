/**
 * Amounts typed in dollars ("450", "450.75", or "450,75" as written in French) to whole cents, and back
 * for a form's initial value. Null when the text is not an amount with at most two decimals.
 */
export function centsFromDollars(text: string): number | null {
  const value = text
    .trim()
    .replace(/\s/g, '')
    .replace(',', '.')
    .replace(/^\$|\$$/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function dollarsFromCents(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}
