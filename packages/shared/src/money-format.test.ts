import { describe, expect, it } from 'vitest';
import { formatCents, formatTaxRate, taxName } from './money-format.ts';
import { TAX_CODES } from './money.ts';

describe('money as each language writes it', () => {
  it('writes cents as Canadian dollars: $1,234.50 in English, 1 234,50 $ in French', () => {
    expect(formatCents(123_450, 'en')).toBe('$1,234.50');
    expect(formatCents(123_450, 'fr')).toBe('1\u00a0234,50\u00a0$');
    expect(formatCents(5, 'en')).toBe('$0.05');
    expect(formatCents(0, 'fr')).toBe('0,00\u00a0$');
    expect(formatCents(-2_350, 'en')).toBe('-$23.50');
    expect(formatCents(-2_350, 'fr')).toBe('-23,50\u00a0$');
    expect(formatCents(10_000_000, 'en')).toBe('$100,000.00');
  });

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
