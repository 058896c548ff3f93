import { describe, expect, it } from 'vitest';
import { formatTaxRate, taxName } from './tax-format.ts';
import { TAX_CODES } from './money.ts';

describe('taxes as each language writes them', () => {
  it('writes a tax rate with every digit it has: 13%, 9.975% / 13 %, 9,975 %', () => {
    expect(formatTaxRate(13_000, 'en')).toBe('13%');
    expect(formatTaxRate(9_975, 'en')).toBe('9.975%');
    expect(formatTaxRate(5_000, 'fr')).toBe('5\u00a0%');
    expect(formatTaxRate(9_975, 'fr')).toBe('9,975\u00a0%');
    expect(formatTaxRate(14_500, 'en')).toBe('14.5%');
  });

  it('names each tax in French the way a Québec receipt does', () => {
    expect(TAX_CODES.map((code) => taxName(code, 'fr'))).toEqual(['TPS', 'TVH', 'TVQ', 'TVP', 'TVD']);
    expect(TAX_CODES.map((code) => taxName(code, 'en'))).toEqual(['GST', 'HST', 'QST', 'PST', 'RST']);
  });
});
