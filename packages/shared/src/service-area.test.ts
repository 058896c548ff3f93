import { describe, expect, it } from 'vitest';
import {
  areaFor,
  normalizeAreaPrefix,
  normalizePostalCode,
  placeFor,
  placeOfBreakdown,
  type ServiceArea,
} from './service-area.ts';
import { postalCodeSchema, serviceAreaInputSchema } from './schemas/service-area.ts';

describe('postal codes', () => {
  it('reads any case and spacing into A1A 1A1', () => {
    expect(normalizePostalCode('m5v3l9')).toBe('M5V 3L9');
    expect(normalizePostalCode(' h2x  1y4 ')).toBe('H2X 1Y4');
    expect(normalizePostalCode('K1A 0B1')).toBe('K1A 0B1');
    expect(normalizePostalCode('x0a\t0h0')).toBe('X0A 0H0');
  });

  it.each([
    ['D letters never appear', 'M5D 3L9'],
    ['F', 'M5V 3F9'],
    ['I', 'I5V 3L9'],
    ['O', 'M5O 3L9'],
    ['Q', 'Q5V 3L9'],
    ['U', 'M5V 3U9'],
    ['W never first', 'W5V 3L9'],
    ['Z never first', 'Z5V 3L9'],
    ['too short', 'M5V 3L'],
    ['too long', 'M5V 3L99'],
    ['digits where letters go', '15V 3L9'],
    ['a US ZIP code', '90210'],
    ['empty', ''],
  ])('refuses a code where %s (%s)', (_why, code) => {
    expect(normalizePostalCode(code)).toBeNull();
  });

  it('takes W and Z after the first letter', () => {
    expect(normalizePostalCode('A1W 1Z1')).toBe('A1W 1Z1');
  });

  it('is one schema for every form: normalised, with its translated message', () => {
    expect(postalCodeSchema.parse('h3b4w8')).toBe('H3B 4W8');
    const refused = postalCodeSchema.safeParse('D3B 4W8');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('validation.postalCode');
  });
});

describe('service area', () => {
  const area: ServiceArea = [
    { prefix: 'M5V', surchargeCents: 0 },
    { prefix: 'M', surchargeCents: 1500 },
    { prefix: 'H2X', surchargeCents: 2500 },
  ];

  it('serves everywhere when empty, at no surcharge', () => {
    expect(areaFor([], 'V6B 1A1')).toEqual({ served: true, surchargeCents: 0 });
    expect(areaFor([], 'anything')).toEqual({ served: true, surchargeCents: 0 });
  });

  it('serves a postal code under a prefix, whatever its case or spacing', () => {
    expect(areaFor(area, 'h2x1y4')).toEqual({ served: true, surchargeCents: 2500 });
    expect(areaFor(area, 'M4C 1B5')).toEqual({ served: true, surchargeCents: 1500 });
  });

  it('takes the surcharge of the longest prefix that matches', () => {
    expect(areaFor(area, 'M5V 3L9')).toEqual({ served: true, surchargeCents: 0 });
  });

  it('does not serve a code outside it, nor something that is not a postal code', () => {
    expect(areaFor(area, 'H3B 4W8')).toEqual({ served: false, surchargeCents: 0 });
    expect(areaFor(area, 'V6B 1A1')).toEqual({ served: false, surchargeCents: 0 });
    expect(areaFor(area, 'M5V')).toEqual({ served: false, surchargeCents: 0 });
  });

  it('reads prefixes in any case: a letter, a letter and digit, or a whole FSA', () => {
    expect(normalizeAreaPrefix(' m5v ')).toBe('M5V');
    expect(normalizeAreaPrefix('h2')).toBe('H2');
    expect(normalizeAreaPrefix('M5V3')).toBeNull();
    expect(normalizeAreaPrefix('W5V')).toBeNull();
    expect(areaFor([{ prefix: 'h2x', surchargeCents: 5 }], 'H2X 1Y4')).toEqual({
      served: true,
      surchargeCents: 5,
    });
  });

  it('settings: prefixes normalised, each once, surcharges whole cents', () => {
    expect(
      serviceAreaInputSchema.parse({ prefixes: [{ prefix: 'm5v', surchargeCents: 0 }] }).prefixes[0]?.prefix,
    ).toBe('M5V');
    const duplicate = serviceAreaInputSchema.safeParse({
      prefixes: [
        { prefix: 'M5V', surchargeCents: 0 },
        { prefix: 'm5v', surchargeCents: 100 },
      ],
    });
    expect(duplicate.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['prefixes.1.prefix', 'serviceArea.errors.duplicate'],
    ]);
    expect(
      serviceAreaInputSchema.safeParse({ prefixes: [{ prefix: 'M5V', surchargeCents: 1.5 }] }).error
        ?.issues[0]?.message,
    ).toBe('serviceArea.errors.surcharge');
    expect(
      serviceAreaInputSchema.safeParse({ prefixes: [{ prefix: 'Q1A', surchargeCents: 0 }] }).error?.issues[0]
        ?.message,
    ).toBe('serviceArea.errors.prefix');
  });
});

describe('the place a visit is priced at', () => {
  const area: ServiceArea = [
    { prefix: 'M', surchargeCents: 0 },
    { prefix: 'L6J', surchargeCents: 2500 },
  ];

  it('takes the surcharge of the postal code, in its stored form', () => {
    expect(placeFor(area, 'l6j4v1')).toEqual({ postalCode: 'L6J 4V1', surchargeCents: 2500, served: true });
    expect(placeFor(area, 'M5V 3L9')).toEqual({ postalCode: 'M5V 3L9', surchargeCents: 0, served: true });
    expect(placeFor(area, 'V6B 1A1')).toEqual({ postalCode: 'V6B 1A1', surchargeCents: 0, served: false });
  });

  it('serves an unknown postal code at no surcharge', () => {
    expect(placeFor(area, null)).toEqual({ postalCode: null, surchargeCents: 0, served: true });
  });

  it('keeps what a booked visit was priced at for the same postal code, even if the area changed', () => {
    const kept = { postalCode: 'L6J 4V1', surchargeCents: 2000 };
    expect(placeFor(area, 'L6J 4V1', kept)).toEqual({ ...kept, served: true });
    expect(placeFor([], 'l6j 4v1', kept)).toEqual({ ...kept, served: true });
    // Another postal code is priced anew.
    expect(placeFor(area, 'M5V 3L9', kept)).toEqual({
      postalCode: 'M5V 3L9',
      surchargeCents: 0,
      served: true,
    });
    // A visit kept without a postal code (booked before) keeps its none.
    expect(placeFor(area, null, { postalCode: null, surchargeCents: 0 })).toEqual({
      postalCode: null,
      surchargeCents: 0,
      served: true,
    });
  });

  it('reads the place of a breakdown: its postal code and its surcharge lines', () => {
    expect(placeOfBreakdown(null)).toEqual({ postalCode: null, surchargeCents: 0 });
    expect(
      placeOfBreakdown({
        postalCode: 'L6J 4V1',
        lines: [
          { kind: 'service', cents: 12_000 },
          { kind: 'surcharge', cents: 2500 },
          { kind: 'discount', cents: -1450 },
        ],
      }),
    ).toEqual({ postalCode: 'L6J 4V1', surchargeCents: 2500 });
    expect(placeOfBreakdown({ lines: [{ kind: 'service', cents: 45_050 }] })).toEqual({
      postalCode: null,
      surchargeCents: 0,
    });
  });
});
