import { describe, expect, it } from 'vitest';

import { homePlace } from './home-place';

const AREA = [
  { prefix: 'M', surchargeCents: 0 },
  { prefix: 'L6J', surchargeCents: 2_500 },
];

describe('homePlace', () => {
  it("pre-fills the profile's postal code and takes its surcharge", () => {
    expect(homePlace(AREA, undefined, 'L6J 4V1')).toEqual({
      value: 'L6J 4V1',
      error: null,
      check: { kind: 'served', postalCode: 'L6J 4V1', surchargeCents: 2_500 },
      postalCode: 'L6J 4V1',
      surchargeCents: 2_500,
    });
  });

  it('prices what was typed, in its stored form; outside the area, no surcharge', () => {
    expect(homePlace(AREA, 'm5v3l9', 'L6J 4V1')).toMatchObject({
      value: 'm5v3l9',
      postalCode: 'M5V 3L9',
      surchargeCents: 0,
      check: { kind: 'served' },
    });
    expect(homePlace(AREA, 'V6B 1A1', null)).toMatchObject({
      error: null,
      postalCode: 'V6B 1A1',
      surchargeCents: 0,
      check: { kind: 'outside', postalCode: 'V6B 1A1' },
    });
  });

  it('says what is not a postal code, and refuses to empty the box when the profile has one', () => {
    expect(homePlace(AREA, '90210', null)).toMatchObject({
      error: 'validation.postalCode',
      postalCode: undefined,
      check: { kind: 'unknown' },
    });
    expect(homePlace(AREA, '', 'L6J 4V1')).toMatchObject({
      error: 'validation.postalCode',
      surchargeCents: 0,
    });
    // Nothing known anywhere (a profile made before issue 16): not an error, no surcharge.
    expect(homePlace(AREA, undefined, null)).toMatchObject({ value: '', error: null, postalCode: undefined });
  });

  it('keeps the surcharge an edited visit was priced at for the same postal code', () => {
    const kept = { postalCode: 'L6J 4V1', surchargeCents: 2_000 };
    expect(homePlace(AREA, undefined, 'L6J 4V1', kept).surchargeCents).toBe(2_000);
    expect(homePlace(AREA, 'L6J 1A1', 'L6J 4V1', kept).surchargeCents).toBe(2_500);
  });

  it('knows nothing before the area loads', () => {
    expect(homePlace(undefined, 'L6J 4V1', null)).toMatchObject({
      check: { kind: 'unknown' },
      surchargeCents: 0,
    });
  });
});
