import { describe, expect, it } from 'vitest';

import { changeSeriesHref, readSeriesParams, seriesHref } from './links';

describe('series links', () => {
  it('opens the change of all future visits at a visit, for the customer or an admin', () => {
    expect(changeSeriesHref('s1')).toBe('/recurring/s1/change');
    expect(changeSeriesHref('s1', { from: '2027-03-23' })).toBe('/recurring/s1/change?from=2027-03-23');
    expect(changeSeriesHref('s1', { audience: 'admin' })).toBe('/recurring/s1/change?back=admin');
    expect(seriesHref('s1', 'admin')).toBe('/recurring/s1?back=admin');
  });

  it('reads back the day and who opened it, ignoring anything else', () => {
    expect(readSeriesParams('?from=2027-03-23&back=admin')).toEqual({
      from: '2027-03-23',
      audience: 'admin',
    });
    expect(readSeriesParams('?from=tomorrow&back=x')).toEqual({ from: null, audience: 'customer' });
    expect(readSeriesParams('')).toEqual({ from: null, audience: 'customer' });
  });
});
