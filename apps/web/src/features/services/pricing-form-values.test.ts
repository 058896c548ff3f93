import { describe, expect, it } from 'vitest';

import {
  EMPTY_PRICING_FORM,
  readPricingForm,
  toPricingFormValues,
  toServerPricingErrors,
  type PricingFormValues,
} from './pricing-form-values';

const form = (changes: Partial<PricingFormValues>): PricingFormValues => ({
  ...structuredClone(EMPTY_PRICING_FORM),
  ...changes,
});

describe('the pricing part of the service form', () => {
  it('reads a rooms model in dollars into cents, with its extras', () => {
    const result = readPricingForm(
      form({
        kind: 'rooms',
        rooms: {
          baseDollars: '90',
          baseMinutes: '60',
          perBedroomDollars: '25.50',
          perBedroomMinutes: '30',
          perBathroomDollars: '20,25',
          perBathroomMinutes: '30',
        },
        extras: [{ en: ' Inside the fridge ', fr: 'Réfrigérateur', dollars: '30', minutes: '30' }],
      }),
    );
    expect(result).toEqual({
      ok: true,
      model: {
        kind: 'rooms',
        baseCents: 9_000,
        baseMinutes: 60,
        perBedroomCents: 2_550,
        perBedroomMinutes: 30,
        perBathroomCents: 2_025,
        perBathroomMinutes: 30,
      },
      extras: [{ title: { en: 'Inside the fridge', fr: 'Réfrigérateur' }, priceCents: 3_000, minutes: 30 }],
    });
  });

  it('says what is missing or wrong, field by field, with translation keys', () => {
    const result = readPricingForm(
      form({
        kind: 'area',
        area: {
          unit: 'sqm',
          bands: [
            { upTo: '200', dollars: '300', minutes: '240' },
            { upTo: '100', dollars: 'abc', minutes: '' },
          ],
        },
        extras: [{ en: 'Balcony', fr: '', dollars: '10', minutes: '10' }],
      }),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        'bands.1.dollars': 'pricing.errors.dollars',
        'bands.1.minutes': 'validation.required',
        bands: 'pricing.errors.bandsOrder',
        'extras.0.fr': 'validation.required',
      },
    });
  });

  it('has nothing to read for flat and quote', () => {
    expect(readPricingForm(form({ kind: 'quote' }))).toEqual({
      ok: true,
      model: { kind: 'quote' },
      extras: [],
    });
    expect(readPricingForm(form({}))).toMatchObject({ ok: true, model: { kind: 'flat' } });
  });

  it('fills the form from a service; a flat price of 0 is "Contact for pricing"', () => {
    const values = toPricingFormValues({
      pricing: 0,
      pricingModel: { kind: 'flat' },
      extras: [{ extraId: 'e1', title: { en: 'Oven', fr: 'Four' }, priceCents: 3_550, minutes: 30 }],
    });
    expect(values.kind).toBe('quote');
    expect(values.extras).toEqual([
      { extraId: 'e1', en: 'Oven', fr: 'Four', dollars: '35.50', minutes: '30' },
    ]);
    const hourly = toPricingFormValues({
      pricing: 60,
      pricingModel: { kind: 'hourly', rateCents: 4_000, minutes: 90 },
      extras: [],
    });
    expect(hourly).toMatchObject({ kind: 'hourly', hourly: { rateDollars: '40', minutes: '90' } });
  });

  it('places the server errors next to their boxes', () => {
    expect(
      toServerPricingErrors(
        [
          { path: 'body.pricingModel.bands.0.upTo', message: 'validation.tooLarge' },
          { path: 'body.pricingModel.baseCents', message: 'validation.tooLarge' },
          { path: 'body.extras.1.title.fr', message: 'validation.required' },
          { path: 'body.title', message: 'validation.required' },
        ],
        'area',
      ),
    ).toEqual({
      'bands.0.upTo': 'validation.tooLarge',
      baseDollars: 'validation.tooLarge',
      'extras.1.fr': 'validation.required',
    });
  });
});
