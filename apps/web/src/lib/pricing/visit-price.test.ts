import type { Service } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import { estimateVisit } from './visit-price';

const base = {
  description: '',
  isAvailable: true,
  image: null,
  imageVariants: null,
  category: 'Residential',
} as const;

const ROOMS: Service = {
  ...base,
  serviceId: '11111111-1111-4111-8111-111111111111',
  title: 'Whole Home Cleaning',
  pricing: 110,
  durationMinutes: 90,
  pricingModel: {
    kind: 'rooms',
    baseCents: 9_000,
    baseMinutes: 60,
    perBedroomCents: 2_500,
    perBedroomMinutes: 30,
    perBathroomCents: 2_000,
    perBathroomMinutes: 30,
  },
  extras: [
    {
      extraId: 'fridge',
      title: { en: 'Inside the fridge', fr: 'Réfrigérateur' },
      priceCents: 3_000,
      minutes: 30,
    },
    { extraId: 'oven', title: { en: 'Inside the oven', fr: 'Four' }, priceCents: 3_500, minutes: 30 },
  ],
};
const FLAT: Service = {
  ...base,
  serviceId: '22222222-2222-4222-8222-222222222222',
  title: 'Window Washing',
  pricing: 95,
  durationMinutes: 90,
  pricingModel: { kind: 'flat' },
  extras: [],
};

describe('estimateVisit', () => {
  it('adds the travel surcharge as its own line, in the subtotal and under the discount', () => {
    const place = { street: '5 Navy Street', city: 'Oakville', postalCode: 'L6J 4V1' };
    const estimate = estimateVisit([FLAT], { home: {}, extraIds: [], place }, 10, 2_500);
    expect(estimate.choice.place).toEqual(place);
    expect(estimate.price?.lines.map((line) => [line.kind, line.cents])).toEqual([
      ['service', 9_500],
      ['surcharge', 2_500],
      ['discount', -1_200],
    ]);
    expect(estimate.price).toMatchObject({ subtotalCents: 12_000, totalCents: 10_800, minutes: 90 });
  });

  it('skips the step for flat services and prices them as before', () => {
    const estimate = estimateVisit([FLAT], { home: { bedrooms: 3 }, extraIds: [] });
    expect(estimate.asks).toBe(false);
    expect(estimate.choice).toEqual({ home: {}, extraIds: [] });
    expect(estimate.price).toMatchObject({ totalCents: 9_500, minutes: 90 });
  });

  it('waits for the rooms, then gives the price and the length live', () => {
    expect(estimateVisit([ROOMS], { home: {}, extraIds: [] })).toMatchObject({ asks: true, price: null });
    const estimate = estimateVisit([ROOMS, FLAT], {
      home: { bedrooms: 3, bathrooms: 2, area: 999 },
      extraIds: ['fridge', 'oven', 'gone'],
    });
    expect(estimate.choice).toEqual({ home: { bedrooms: 3, bathrooms: 2 }, extraIds: ['fridge', 'oven'] });
    expect(estimate.price).toMatchObject({ totalCents: 27_000 + 9_500, minutes: 270 + 90 });
  });

  it('takes the frequency discount off the subtotal', () => {
    const estimate = estimateVisit([ROOMS], { home: { bedrooms: 3, bathrooms: 2 }, extraIds: [] }, 10);
    expect(estimate.price).toMatchObject({ subtotalCents: 20_500, discountCents: 2_050, totalCents: 18_450 });
  });
});
