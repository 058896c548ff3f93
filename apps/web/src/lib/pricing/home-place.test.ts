import { describe, expect, it } from 'vitest';

import { homePlace } from './home-place';

const AREA = [
  { prefix: 'M', surchargeCents: 0 },
  { prefix: 'L6J', surchargeCents: 2_500 },
];
const OAKVILLE_PROFILE = { street: '12 Lakeshore Road', city: null, postalCode: 'L6J 4V1' };
const TORONTO = { street: '301 Front Street West', city: 'Toronto', postalCode: 'm5v2t6' };

describe('homePlace', () => {
  it("books at the profile's address by default, with its surcharge, sending nothing", () => {
    expect(homePlace(AREA, undefined, OAKVILLE_PROFILE)).toEqual({
      isOther: false,
      ownLine: '12 Lakeshore Road, L6J 4V1',
      errors: {},
      error: null,
      check: { kind: 'served', postalCode: 'L6J 4V1', surchargeCents: 2_500 },
      postalCode: 'L6J 4V1',
      surchargeCents: 2_500,
      send: undefined,
      line: '12 Lakeshore Road, L6J 4V1',
    });
  });

  it('prices another address at its own postal code and sends it whole, in its stored form', () => {
    expect(homePlace(AREA, TORONTO, OAKVILLE_PROFILE)).toMatchObject({
      isOther: true,
      error: null,
      postalCode: 'M5V 2T6',
      surchargeCents: 0,
      check: { kind: 'served' },
      send: { street: '301 Front Street West', city: 'Toronto', postalCode: 'M5V 2T6' },
      line: '301 Front Street West, Toronto, M5V 2T6',
    });
    expect(homePlace(AREA, { ...TORONTO, postalCode: 'V6B 1A1' }, null)).toMatchObject({
      postalCode: 'V6B 1A1',
      surchargeCents: 0,
      check: { kind: 'outside', postalCode: 'V6B 1A1' },
    });
  });

  it('says what each field of another address lacks, and sends nothing until it is whole', () => {
    const half = homePlace(AREA, { street: 'Front Street', city: '', postalCode: '90210' }, OAKVILLE_PROFILE);
    expect(half).toMatchObject({
      errors: {
        street: 'profile.errors.addressFormat',
        city: 'appointments.errors.cityRequired',
        postalCode: 'validation.postalCode',
      },
      error: 'profile.errors.addressFormat',
      send: undefined,
      check: { kind: 'unknown' },
      // Never the profile's surcharge for a visit that is elsewhere.
      surchargeCents: 0,
    });
    // Nothing known anywhere (a profile made before issue 16): not an error, no surcharge.
    expect(
      homePlace(AREA, undefined, { street: '1 Main Street', city: null, postalCode: null }),
    ).toMatchObject({ error: null, postalCode: undefined, ownLine: '1 Main Street' });
  });

  it('keeps the surcharge an edited visit was priced at for the same postal code', () => {
    const kept = { postalCode: 'L6J 4V1', surchargeCents: 2_000 };
    expect(homePlace(AREA, undefined, OAKVILLE_PROFILE, kept).surchargeCents).toBe(2_000);
    const elsewhere = { street: '5 Navy Street', city: 'Oakville', postalCode: 'L6J 1A1' };
    expect(homePlace(AREA, elsewhere, OAKVILLE_PROFILE, kept).surchargeCents).toBe(2_500);
  });

  it('knows nothing before the area loads', () => {
    expect(homePlace(undefined, undefined, OAKVILLE_PROFILE)).toMatchObject({
      check: { kind: 'unknown' },
      surchargeCents: 0,
    });
  });
});
