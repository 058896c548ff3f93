import { describe, expect, it } from 'vitest';

import { checkArea } from '@/lib/pricing/area-check';
import { toAreaRows, validateAreaRows } from './area-form';
import { initialQuoteValues, toQuoteErrors, validateQuoteForm } from './quote-form';

describe('checkArea', () => {
  const area = [
    { prefix: 'M5V', surchargeCents: 0 },
    { prefix: 'H2X', surchargeCents: 2500 },
  ];
  it('knows nothing without a postal code or before the area loads', () => {
    expect(checkArea(area, null)).toEqual({ kind: 'unknown' });
    expect(checkArea(area, 'not one')).toEqual({ kind: 'unknown' });
    expect(checkArea(undefined, 'M5V 3L9')).toEqual({ kind: 'unknown' });
  });
  it('says served with the surcharge, or outside', () => {
    expect(checkArea(area, 'h2x1y4')).toEqual({
      kind: 'served',
      postalCode: 'H2X 1Y4',
      surchargeCents: 2500,
    });
    expect(checkArea(area, 'V6B 1A1')).toEqual({ kind: 'outside', postalCode: 'V6B 1A1' });
    expect(checkArea([], 'V6B 1A1')).toEqual({ kind: 'served', postalCode: 'V6B 1A1', surchargeCents: 0 });
  });
});

describe('the service area form', () => {
  it('sends the rows in cents, blank rows left out', () => {
    expect(
      validateAreaRows([
        { prefix: 'm5v', surcharge: '' },
        { prefix: '', surcharge: '' },
        { prefix: 'H2X', surcharge: '25' },
      ]),
    ).toEqual({
      success: true,
      data: {
        prefixes: [
          { prefix: 'm5v', surchargeCents: 0 },
          { prefix: 'H2X', surchargeCents: 2500 },
        ],
      },
    });
  });
  it('puts each broken rule on its row', () => {
    const result = validateAreaRows([
      { prefix: 'M5V', surcharge: '' },
      { prefix: '', surcharge: '' },
      { prefix: 'm5v', surcharge: '' },
      { prefix: 'Q1A', surcharge: 'abc' },
    ]);
    expect(result).toEqual({
      success: false,
      errors: {
        2: { prefix: 'serviceArea.errors.duplicate' },
        3: { surcharge: 'serviceArea.errors.surcharge', prefix: 'serviceArea.errors.prefix' },
      },
    });
  });
  it('fills the rows from the area', () => {
    expect(toAreaRows([{ prefix: 'H2X', surchargeCents: 2550 }])).toEqual([
      { prefix: 'H2X', surcharge: '25.50' },
    ]);
  });
});

describe('the quote request form', () => {
  const values = {
    ...initialQuoteValues({ address: '88 West Hastings Street', postalCode: null }, ['s1'], 'v6b1a1'),
    serviceIds: [],
    description: 'Offices after a renovation',
    bedrooms: '3',
  };
  it('starts from the profile and the postal code given', () => {
    expect(initialQuoteValues({ address: '1 Main Street', postalCode: 'M5V 3L9' })).toMatchObject({
      address: '1 Main Street',
      postalCode: 'M5V 3L9',
      serviceIds: [],
    });
  });
  it('sends counts as numbers and the postal code normalised', () => {
    const result = validateQuoteForm(values);
    expect(result.success && result.data).toMatchObject({
      bedrooms: 3,
      bathrooms: null,
      postalCode: 'V6B 1A1',
    });
  });
  it('gives each field its first broken rule', () => {
    const result = validateQuoteForm({ ...values, description: ' ', postalCode: '123', bathrooms: 'two' });
    expect(result.success ? {} : result.errors).toEqual({
      description: 'quotes.errors.description',
      postalCode: 'validation.postalCode',
      bathrooms: 'pricing.errors.bathrooms',
    });
  });
  it('takes the limits of a home, as a booking does (issue 27: 50 bedrooms broke the staff list)', () => {
    const result = validateQuoteForm({ ...values, bedrooms: '50', bathrooms: '0' });
    expect(result.success ? {} : result.errors).toEqual({
      bedrooms: 'pricing.errors.bedrooms',
      bathrooms: 'pricing.errors.bathrooms',
    });
  });
  it('maps a photo refused by the server onto the photos field', () => {
    expect(toQuoteErrors([{ path: 'body.photos.1', message: 'services.errors.imageType' }])).toEqual({
      photos: 'services.errors.imageType',
    });
  });
});
