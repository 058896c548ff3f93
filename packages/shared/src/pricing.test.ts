import { describe, expect, it } from 'vitest';
import {
  asksAnything,
  completeHome,
  offeredExtraIds,
  convertArea,
  discountCentsOf,
  homeNeeds,
  priceVisit,
  PricingError,
  pricingIssues,
  relevantHome,
  startingFigures,
  type PricedService,
  type PricingModel,
  type ServiceExtra,
} from './pricing.ts';
import { pricingModelSchema, homeSchema } from './schemas/pricing.ts';

const extra = (id: string, priceCents: number, minutes: number): ServiceExtra => ({
  extraId: id,
  title: { en: `Extra ${id}`, fr: `Supplément ${id}` },
  priceCents,
  minutes,
});

const service = (
  id: string,
  model: PricingModel,
  flat = { cents: 14_000, minutes: 120 },
  extras: ServiceExtra[] = [],
): PricedService => ({
  serviceId: id,
  title: `Service ${id}`,
  model,
  flatCents: flat.cents,
  flatMinutes: flat.minutes,
  extras,
});

const ROOMS: PricingModel = {
  kind: 'rooms',
  baseCents: 9_000,
  baseMinutes: 60,
  perBedroomCents: 2_500,
  perBedroomMinutes: 30,
  perBathroomCents: 2_000,
  perBathroomMinutes: 30,
};
const AREA: PricingModel = {
  kind: 'area',
  unit: 'sqft',
  bands: [
    { upTo: 1000, priceCents: 34_900, minutes: 300 },
    { upTo: 2000, priceCents: 44_900, minutes: 360 },
    { upTo: 3000, priceCents: 54_900, minutes: 420 },
  ],
};

const price = (services: PricedService[], options: Partial<Parameters<typeof priceVisit>[0]> = {}) =>
  priceVisit({ services, home: {}, extraIds: [], surchargeCents: 0, discountPercent: 0, ...options });

describe('priceVisit, per model', () => {
  it('flat: the service pricing and duration, as today', () => {
    const result = price([service('a', { kind: 'flat' }, { cents: 9_550, minutes: 90 })]);
    expect(result).toMatchObject({ subtotalCents: 9_550, discountCents: 0, totalCents: 9_550, minutes: 90 });
    expect(result.lines).toEqual([
      { kind: 'service', label: { en: 'Service a', fr: 'Service a' }, refId: 'a', cents: 9_550, minutes: 90 },
    ]);
  });

  it('quote: price 0 (Contact for pricing) and the service duration', () => {
    const result = price([service('q', { kind: 'quote' }, { cents: 0, minutes: 360 })]);
    expect(result).toMatchObject({ totalCents: 0, minutes: 360 });
  });

  it('rooms: base plus each bedroom and bathroom, for the price and the length', () => {
    const result = price([service('r', ROOMS)], { home: { bedrooms: 3, bathrooms: 2 } });
    // 90 + 3 x 25 + 2 x 20 = $205; 60 + 3 x 30 + 2 x 30 = 210 minutes.
    expect(result).toMatchObject({ totalCents: 20_500, minutes: 210 });
    expect(result.lines[0]?.basis).toEqual({ bedrooms: 3, bathrooms: 2 });
  });

  it('rooms: a studio (0 bedrooms) is the base and its bathroom', () => {
    expect(price([service('r', ROOMS)], { home: { bedrooms: 0, bathrooms: 1 } })).toMatchObject({
      totalCents: 11_000,
      minutes: 90,
    });
  });

  it('area: the first band the home fits in, its upper bound included', () => {
    const at = (area: number) => price([service('m', AREA)], { home: { area } });
    expect(at(1).totalCents).toBe(34_900);
    expect(at(1000)).toMatchObject({ totalCents: 34_900, minutes: 300 });
    expect(at(1001)).toMatchObject({ totalCents: 44_900, minutes: 360 });
    expect(at(3000)).toMatchObject({ totalCents: 54_900, minutes: 420 });
    expect(at(1500).lines[0]?.basis).toEqual({ area: 1500, areaUnit: 'sqft' });
  });

  it('area: a home given in square metres is compared in the bands unit', () => {
    // 93 m2 is about 1001 sq ft: the second band; 92 m2 (990 sq ft) the first.
    const at = (area: number) => price([service('m', AREA)], { home: { area, areaUnit: 'sqm' } }).totalCents;
    expect(at(92)).toBe(34_900);
    expect(at(93)).toBe(44_900);
    expect(convertArea(1000, 'sqft', 'sqm')).toBeCloseTo(92.903, 3);
    expect(convertArea(convertArea(123, 'sqm', 'sqft'), 'sqft', 'sqm')).toBeCloseTo(123, 9);
  });

  it('area: larger than the last band cannot be priced online', () => {
    expect(pricingIssues([service('m', AREA)], { area: 3001 }, [])).toEqual([
      { field: 'area', key: 'pricing.errors.areaTooLarge' },
    ]);
    expect(() => price([service('m', AREA)], { home: { area: 3001 } })).toThrow(PricingError);
  });

  it('hourly: the rate times the estimated hours, rounded half up to the cent', () => {
    expect(price([service('h', { kind: 'hourly', rateCents: 4_500, minutes: 150 })])).toMatchObject({
      totalCents: 11_250,
      minutes: 150,
    });
    // $33.33 an hour for 45 minutes is 2499.75 cents: 2500.
    expect(price([service('h', { kind: 'hourly', rateCents: 3_333, minutes: 45 })]).totalCents).toBe(2_500);
    // $0.01 an hour for 30 minutes is half a cent: rounded up to 1.
    expect(price([service('h', { kind: 'hourly', rateCents: 1, minutes: 30 })]).totalCents).toBe(1);
  });

  it('several services add up, each with its own model', () => {
    const result = price(
      [
        service('r', ROOMS),
        service('w', { kind: 'flat' }, { cents: 9_500, minutes: 90 }),
        service('m', AREA),
      ],
      { home: { bedrooms: 1, bathrooms: 1, area: 1200 } },
    );
    expect(result.lines.map((line) => line.cents)).toEqual([13_500, 9_500, 44_900]);
    expect(result).toMatchObject({ totalCents: 67_900, minutes: 120 + 90 + 360 });
  });
});

describe('priceVisit, extras, surcharge and discount', () => {
  const fridge = extra('fridge', 3_000, 30);
  const oven = extra('oven', 3_500, 30);
  const windows = extra('windows', 4_000, 45);
  const rooms = service('r', ROOMS, undefined, [fridge, oven, windows]);

  it('adds each chosen extra once, in the service order, with its minutes', () => {
    const result = price([rooms], {
      home: { bedrooms: 3, bathrooms: 2 },
      extraIds: ['oven', 'fridge', 'oven'],
    });
    expect(result.lines.map((line) => [line.kind, line.refId, line.cents])).toEqual([
      ['service', 'r', 20_500],
      ['extra', 'fridge', 3_000],
      ['extra', 'oven', 3_500],
    ]);
    expect(result.lines[1]?.label).toEqual({ en: 'Extra fridge', fr: 'Supplément fridge' });
    // $205 + $30 + $35; 210 + 30 + 30 minutes (4 h 30).
    expect(result).toMatchObject({ totalCents: 27_000, minutes: 270 });
  });

  it('refuses an extra of a service not chosen', () => {
    const other = service('w', { kind: 'flat' }, undefined, [extra('balcony', 2_000, 20)]);
    expect(pricingIssues([rooms], { bedrooms: 1, bathrooms: 1 }, ['balcony'])).toEqual([
      { field: 'extraIds', key: 'pricing.errors.extra' },
    ]);
    expect(pricingIssues([rooms, other], { bedrooms: 1, bathrooms: 1 }, ['balcony'])).toEqual([]);
  });

  it('adds the travel surcharge as its own line, with no minutes', () => {
    const result = price([service('a', { kind: 'flat' }, { cents: 10_000, minutes: 60 })], {
      surchargeCents: 1_500,
    });
    expect(result.lines.at(-1)).toEqual({
      kind: 'surcharge',
      label: { en: '', fr: '' },
      refId: null,
      cents: 1_500,
      minutes: 0,
    });
    expect(result).toMatchObject({ subtotalCents: 11_500, totalCents: 11_500, minutes: 60 });
  });

  it('takes the frequency discount off the subtotal, surcharge included, rounded once half up', () => {
    const result = price([service('a', { kind: 'flat' }, { cents: 10_005, minutes: 60 })], {
      surchargeCents: 1_000,
      discountPercent: 10,
    });
    // 10% of $110.05 is 1100.5 cents: 1101 off, once.
    expect(result).toMatchObject({ subtotalCents: 11_005, discountCents: 1_101, totalCents: 9_904 });
    expect(result.lines.at(-1)).toMatchObject({ kind: 'discount', cents: -1_101, percent: 10, minutes: 0 });
  });

  it('rounds the discount once on the subtotal, not per line', () => {
    // 5% of 3333 cents is 166.65: per line it would be 3 x 167 = 501; on the 9999 subtotal, 499.95 is 500.
    const lines = ['a', 'b', 'c'].map((id) => service(id, { kind: 'flat' }, { cents: 3_333, minutes: 30 }));
    expect(price(lines, { discountPercent: 5 }).discountCents).toBe(500);
  });

  it('has no discount line at 0 percent, nor when it rounds to nothing', () => {
    expect(price([service('a', { kind: 'quote' })], { discountPercent: 15 }).lines).toHaveLength(1);
    expect(price([service('a', { kind: 'flat' })]).lines).toHaveLength(1);
  });

  it('discountCentsOf rounds half up', () => {
    expect(discountCentsOf(5, 50)).toBe(3);
    expect(discountCentsOf(4, 50)).toBe(2);
    expect(discountCentsOf(14_000, 15)).toBe(2_100);
    expect(discountCentsOf(9_999, 10)).toBe(1_000);
    expect(discountCentsOf(0, 90)).toBe(0);
  });
});

describe('what the home step asks', () => {
  it('asks nothing of flat services without extras (the step is skipped)', () => {
    const needs = homeNeeds([service('a', { kind: 'flat' }), service('q', { kind: 'quote' })]);
    expect(needs).toEqual({ bedrooms: false, bathrooms: false, area: null, extras: [] });
    expect(asksAnything(needs)).toBe(false);
  });

  it('asks rooms for a rooms model, the area in the unit of the first area model, and lists extras', () => {
    const sqm: PricingModel = {
      kind: 'area',
      unit: 'sqm',
      bands: [{ upTo: 100, priceCents: 1, minutes: 60 }],
    };
    const needs = homeNeeds([service('r', ROOMS, undefined, [extra('x', 1, 1)]), service('m', sqm)]);
    expect(needs).toMatchObject({ bedrooms: true, bathrooms: true, area: 'sqm' });
    expect(needs.extras.map((each) => each.extraId)).toEqual(['x']);
    expect(asksAnything(homeNeeds([service('a', { kind: 'flat' }, undefined, [extra('x', 1, 1)])]))).toBe(
      true,
    );
  });

  it('says which counts are missing or out of range', () => {
    const services = [service('r', ROOMS), service('m', AREA)];
    expect(pricingIssues(services, {}, []).map((issue) => issue.field)).toEqual([
      'bedrooms',
      'bathrooms',
      'area',
    ]);
    expect(pricingIssues(services, { bedrooms: 21, bathrooms: 0, area: 0 }, []).map((i) => i.key)).toEqual([
      'pricing.errors.bedrooms',
      'pricing.errors.bathrooms',
      'pricing.errors.area',
    ]);
    expect(pricingIssues(services, { bedrooms: 1.5, bathrooms: 1, area: 900 }, [])).toHaveLength(1);
    expect(pricingIssues([service('a', { kind: 'flat' })], {}, [])).toEqual([]);
  });

  it('keeps only the home facts the services need', () => {
    const home = { bedrooms: 3, bathrooms: 2, area: 1200 };
    expect(relevantHome(homeNeeds([service('a', { kind: 'flat' })]), home)).toEqual({});
    expect(relevantHome(homeNeeds([service('r', ROOMS)]), home)).toEqual({ bedrooms: 3, bathrooms: 2 });
    expect(relevantHome(homeNeeds([service('m', AREA)]), home)).toEqual({ area: 1200, areaUnit: 'sqft' });
  });
});

describe('startingFigures: the spec pricing and duration of a service priced another way', () => {
  const flat = { cents: 5_000, minutes: 45 };
  it('keeps flat, zeroes quote, and takes the smallest home otherwise', () => {
    expect(startingFigures({ kind: 'flat' }, flat)).toEqual(flat);
    expect(startingFigures({ kind: 'quote' }, flat)).toEqual({ cents: 0, minutes: 45 });
    expect(startingFigures(ROOMS, flat)).toEqual({ cents: 11_000, minutes: 90 });
    expect(startingFigures(AREA, flat)).toEqual({ cents: 34_900, minutes: 300 });
    expect(startingFigures({ kind: 'hourly', rateCents: 4_000, minutes: 90 }, flat)).toEqual({
      cents: 6_000,
      minutes: 90,
    });
  });
});

describe('the schemas', () => {
  it('refuse bands out of order, negative money and a zero hourly rate', () => {
    const bands = (upTos: number[]) => ({
      kind: 'area',
      unit: 'sqft',
      bands: upTos.map((upTo) => ({ upTo, priceCents: 100, minutes: 60 })),
    });
    expect(pricingModelSchema.safeParse(bands([1000, 2000])).success).toBe(true);
    const disordered = pricingModelSchema.safeParse(bands([2000, 1000]));
    expect(disordered.error?.issues[0]?.message).toBe('pricing.errors.bandsOrder');
    expect(pricingModelSchema.safeParse(bands([])).error?.issues[0]?.message).toBe(
      'pricing.errors.bandsRequired',
    );
    expect(pricingModelSchema.safeParse({ ...ROOMS, baseCents: -1 }).success).toBe(false);
    expect(pricingModelSchema.safeParse({ ...ROOMS, perBedroomCents: 1.5 }).success).toBe(false);
    expect(pricingModelSchema.safeParse({ kind: 'hourly', rateCents: 0, minutes: 60 }).success).toBe(false);
    expect(pricingModelSchema.safeParse({ kind: 'weekly' }).success).toBe(false);
  });

  it('home counts carry their own message', () => {
    expect(homeSchema.safeParse({ bedrooms: -1 }).error?.issues[0]?.message).toBe('pricing.errors.bedrooms');
    expect(homeSchema.safeParse({ bathrooms: 2, bedrooms: 3 }).success).toBe(true);
  });
});

describe('completeHome and offeredExtraIds: pricing a visit nobody is there to ask', () => {
  it('fills what is missing with the smallest home and brings a large area back into the bands', () => {
    const services = [service('r', ROOMS), service('m', AREA)];
    expect(completeHome(services, {})).toEqual({ bedrooms: 0, bathrooms: 1, area: 1, areaUnit: 'sqft' });
    expect(completeHome(services, { bedrooms: 4, bathrooms: 3, area: 5000 })).toEqual({
      bedrooms: 4,
      bathrooms: 3,
      area: 3000,
      areaUnit: 'sqft',
    });
    // 3000 sq ft is 278.7 m2: a home given as 400 m2 becomes 278.
    expect(completeHome([service('m', AREA)], { area: 400, areaUnit: 'sqm' })).toEqual({
      area: 278,
      areaUnit: 'sqm',
    });
    expect(completeHome([service('a', { kind: 'flat' })], { bedrooms: 2 })).toEqual({});
    for (const home of [{}, { area: 99_999 }, { bedrooms: 3, bathrooms: 2, area: 1200 }]) {
      expect(pricingIssues(services, completeHome(services, home), [])).toEqual([]);
    }
  });

  it('keeps the extras the services still offer, once each', () => {
    const services = [service('r', ROOMS, undefined, [extra('a', 1, 1), extra('b', 1, 1)])];
    expect(offeredExtraIds(services, ['b', 'gone', 'b', 'a'])).toEqual(['b', 'a']);
  });
});
