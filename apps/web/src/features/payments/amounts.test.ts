import { describe, expect, it } from 'vitest';

import { centsToInput, dollarsToCents, percentToRate, rateToPercent } from './amounts';

describe('tax rates: a percent to thousandths of a percent and back', () => {
  it('reads the percents the admin types', () => {
    expect(percentToRate('13')).toBe(13_000);
    expect(percentToRate('9.975')).toBe(9_975);
    expect(percentToRate('9,975')).toBe(9_975);
    expect(percentToRate('5.')).toBe(5_000);
    expect(percentToRate('0.5')).toBe(500);
    expect(percentToRate(' 15 ')).toBe(15_000);
  });

  it('refuses what is not a percent with at most three decimals', () => {
    for (const typed of ['', 'abc', '9.9751', '-5', '1e3', '13%', '1000'])
      expect(percentToRate(typed)).toBeNull();
  });

  it('shows a rate with up to three decimals, in the language', () => {
    expect(rateToPercent(9_975, 'en')).toBe('9.975');
    expect(rateToPercent(9_975, 'fr')).toBe('9,975');
    expect(rateToPercent(13_000, 'en')).toBe('13');
    expect(rateToPercent(500, 'en')).toBe('0.5');
    expect(rateToPercent(14_010, 'fr')).toBe('14,01');
  });

  it('gives back every rate it shows, in both languages', () => {
    for (let rate = 0; rate <= 50_000; rate += 7) {
      expect(percentToRate(rateToPercent(rate, 'en'))).toBe(rate);
      expect(percentToRate(rateToPercent(rate, 'fr'))).toBe(rate);
    }
  });
});

describe('amounts: dollars typed to cents and back', () => {
  it('reads dollars and cents in either language', () => {
    expect(dollarsToCents('113')).toBe(11_300);
    expect(dollarsToCents('113.5')).toBe(11_350);
    expect(dollarsToCents('1 234,50')).toBe(123_450);
    expect(dollarsToCents('$40.05')).toBe(4_005);
    for (const typed of ['', '12.345', '-3', 'abc', '1.2.3']) expect(dollarsToCents(typed)).toBeNull();
  });

  it('fills a field with cents the way the language writes them', () => {
    expect(centsToInput(11_300, 'en')).toBe('113.00');
    expect(centsToInput(123_450, 'fr')).toBe('1234,50');
    expect(centsToInput(5, 'en')).toBe('0.05');
    for (let cents = 0; cents < 20_000; cents += 13)
      expect(dollarsToCents(centsToInput(cents, 'fr'))).toBe(cents);
  });
});
