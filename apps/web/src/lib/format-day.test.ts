import { describe, expect, it } from 'vitest';

import { formatDay } from './format-day';

describe('formatDay', () => {
  it('writes the day itself in each language, whatever the time zone', () => {
    expect(formatDay('2027-03-10', 'en')).toBe('Wednesday, March 10, 2027');
    expect(formatDay('2027-03-10', 'fr')).toBe('mercredi 10 mars 2027');
  });

  it('has a short form for tables', () => {
    expect(formatDay('2027-03-10', 'en', 'short')).toMatch(/^Wed, Mar\.? 10, 2027$/);
  });

  it('returns unreadable text as it is', () => {
    expect(formatDay('soon', 'en')).toBe('soon');
  });
});
