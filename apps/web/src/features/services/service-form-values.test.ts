import type { Service } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import {
  checkTypedAmount,
  EMPTY_SERVICE_FORM,
  keepDigits,
  toServerFieldErrors,
  toServiceFormValues,
  validateServiceForm,
  type ServiceFormValues,
} from './service-form-values';

const filled: ServiceFormValues = {
  ...EMPTY_SERVICE_FORM,
  title: '  Deep clean ',
  description: 'Kitchen, bathrooms and floors.',
  pricing: '150',
  category: 'Residential',
  durationMinutes: '180',
};

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('validateServiceForm', () => {
  it('accepts a filled form and trims the text', () => {
    expect(validateServiceForm(filled, 'create')).toEqual({
      ok: true,
      input: {
        title: 'Deep clean',
        description: 'Kitchen, bathrooms and floors.',
        pricing: 150,
        category: 'Residential',
        durationMinutes: 180,
        isAvailable: true,
        pricingModel: { kind: 'flat' },
        extras: [],
      },
    });
  });

  it('sends a rooms model with its "from" figures, whatever the price and duration boxes hold', () => {
    const result = validateServiceForm(
      {
        ...filled,
        pricing: '',
        durationMinutes: '',
        pricingForm: {
          ...filled.pricingForm,
          kind: 'rooms',
          rooms: {
            baseDollars: '90',
            baseMinutes: '60',
            perBedroomDollars: '25',
            perBedroomMinutes: '30',
            perBathroomDollars: '20',
            perBathroomMinutes: '30',
          },
        },
      },
      'create',
    );
    expect(result).toMatchObject({
      ok: true,
      input: { pricing: 110, durationMinutes: 90, pricingModel: { kind: 'rooms', baseCents: 9_000 } },
    });
    const missing = validateServiceForm(
      { ...filled, pricingForm: { ...filled.pricingForm, kind: 'hourly' } },
      'create',
    );
    expect(missing).toEqual({
      ok: false,
      errors: {
        fields: {},
        pricing: { 'hourly.rateDollars': 'validation.required', 'hourly.minutes': 'validation.required' },
      },
    });
  });

  it('asks for every field when one is blank', () => {
    const result = validateServiceForm({ ...filled, category: '   ' }, 'create');
    expect(result).toEqual({
      ok: false,
      errors: { form: 'services.errors.allFields', fields: { category: 'validation.required' } },
    });
  });

  it('rejects a typed price or duration below 1', () => {
    expect(validateServiceForm({ ...filled, pricing: '0', durationMinutes: '0' }, 'edit')).toEqual({
      ok: false,
      errors: {
        fields: {
          pricing: 'services.errors.pricePositive',
          durationMinutes: 'services.errors.durationPositive',
        },
      },
    });
  });

  it('rejects a negative price', () => {
    const result = validateServiceForm({ ...filled, pricing: '-5' }, 'create');
    expect(result).toEqual({ ok: false, errors: { fields: { pricing: 'services.errors.negativePrice' } } });
  });

  it('stores 0 for "Contact for pricing", whatever the price box holds', () => {
    const result = validateServiceForm(
      { ...filled, pricing: '', pricingForm: { ...filled.pricingForm, kind: 'quote' } },
      'create',
    );
    expect(result.ok && result.input.pricing).toBe(0);
  });

  it('sends a new picture, removes one on edit and keeps one by saying nothing', () => {
    const added = validateServiceForm({ ...filled, image: { kind: 'new', dataUrl: PNG } }, 'create');
    expect(added.ok && added.input.image).toBe(PNG);
    const removed = validateServiceForm({ ...filled, image: { kind: 'none' } }, 'edit');
    expect(removed.ok && removed.input.image).toBeNull();
    const kept = validateServiceForm({ ...filled, image: { kind: 'keep', url: '/x' } }, 'edit');
    expect(kept.ok && 'image' in kept.input).toBe(false);
  });

  it('applies the shared limits (a title too long)', () => {
    const result = validateServiceForm({ ...filled, title: 'x'.repeat(121) }, 'create');
    expect(result).toEqual({ ok: false, errors: { fields: { title: 'validation.tooLong' } } });
  });
});

describe('checkTypedAmount (as the value is typed)', () => {
  it('says a price or a duration below 1 must be positive, each with its own message', () => {
    expect(checkTypedAmount('pricing', '0')).toBe('services.errors.pricePositive');
    expect(checkTypedAmount('pricing', '000')).toBe('services.errors.pricePositive');
    expect(checkTypedAmount('durationMinutes', '0')).toBe('services.errors.durationPositive');
  });

  it('accepts 1 and more, and leaves an empty box to the submit', () => {
    expect(checkTypedAmount('pricing', '1')).toBeUndefined();
    expect(checkTypedAmount('durationMinutes', '045')).toBeUndefined();
    expect(checkTypedAmount('pricing', '')).toBeUndefined();
  });
});

describe('service form helpers', () => {
  it('keeps digits only', () => {
    expect(keepDigits('5a0.5-')).toBe('505');
  });

  it('fills the form from a service, "Contact for pricing" for a price of 0', () => {
    const service: Service = {
      serviceId: '3f1e7a52-6c1b-4d7e-9a0b-1c2d3e4f5a6b',
      title: 'Office',
      description: 'Desks',
      pricing: 0,
      isAvailable: false,
      image: null,
      imageVariants: null,
      category: 'Commercial',
      durationMinutes: 60,
      pricingModel: { kind: 'flat' },
      extras: [],
    };
    expect(toServiceFormValues(service)).toMatchObject({
      pricing: '',
      pricingForm: { kind: 'quote' },
      isAvailable: false,
      durationMinutes: '60',
      image: { kind: 'keep', url: null },
    });
  });

  it('places the server field errors next to their fields', () => {
    expect(
      toServerFieldErrors([
        { path: 'body.pricing', message: 'services.errors.negativePrice' },
        { path: 'body.other', message: 'validation.required' },
      ]),
    ).toEqual({ pricing: 'services.errors.negativePrice' });
  });
});
