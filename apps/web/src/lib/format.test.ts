import { describe, expect, it } from 'vitest';

import { formatCurrency, formatLongDate } from './format';

/** Intl separates "50,00" and "$" with a (narrow) no-break space; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatCurrency', () => {
  it('writes Canadian dollars the English way', () => {
    expect(formatCurrency(50, 'en')).toBe('$50.00');
    expect(formatCurrency(1234.5, 'en')).toBe('$1,234.50');
  });

  it('writes Canadian dollars the French way', () => {
    expect(plain(formatCurrency(50, 'fr'))).toBe('50,00 $');
    expect(plain(formatCurrency(1234.5, 'fr'))).toBe('1 234,50 $');
  });
});

describe('formatLongDate', () => {
  it('writes the day in the language', () => {
    const noonUtc = '2026-03-14T16:00:00.000Z';
    expect(formatLongDate(noonUtc, 'en')).toBe('March 14, 2026');
    expect(formatLongDate(noonUtc, 'fr')).toBe('14 mars 2026');
  });

  it('gives nothing for an unreadable date', () => {
    expect(formatLongDate('not a date', 'en')).toBe('');
  });
});
