import { describe, expect, it } from 'vitest';

import { barShares, formatCount, formatHours, formatShare, shortDay, weekDays } from './overview';

const spaces = (text: string | null) => text?.replace(/\s/g, ' ');

describe('the overview figures', () => {
  it('writes weeks by their days in each language', () => {
    expect(shortDay('2026-10-26', 'en')).toBe('Oct 26');
    expect(spaces(shortDay('2026-10-26', 'fr'))).toBe('26 oct.');
    expect(weekDays('2026-10-26', 'en')).toBe('Oct 26 – Nov 1');
    expect(spaces(weekDays('2026-12-28', 'fr'))).toBe('28 déc. – 3 janv.');
  });

  it('writes shares as percentages, minutes as hours and counts', () => {
    expect(formatShare(240 / 540, 'en')).toBe('44%');
    expect(spaces(formatShare(1.25, 'fr'))).toBe('125 %');
    expect(formatShare(null, 'en')).toBeNull();
    expect(formatHours(90, 'en')).toBe('1.5');
    expect(formatHours(540, 'fr')).toBe('9');
    expect(spaces(formatCount(1234, 'fr'))).toBe('1 234');
  });

  it('gives bar lengths as shares of the largest, or of a ceiling', () => {
    expect(barShares([0, 5, 10])).toEqual([0, 0.5, 1]);
    expect(barShares([0, 0])).toEqual([0, 0]);
    expect(barShares([])).toEqual([]);
    expect(barShares([0.5, 1.5], 1)).toEqual([0.5, 1]);
  });
});
