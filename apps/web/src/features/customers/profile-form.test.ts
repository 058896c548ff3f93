import { describe, expect, it } from 'vitest';

import { EMPTY_PROFILE, toProfileErrors, validateProfile } from './profile-form';

const VALID = {
  firstName: 'Camille',
  lastName: 'Gagnon',
  phoneNumber: '514-555-1234',
  address: '123 Main Street',
  postalCode: '',
  companyName: '',
};

describe('validateProfile', () => {
  it('accepts a complete profile and sends an empty company name as null', () => {
    const result = validateProfile(VALID);
    expect(result).toEqual({ success: true, data: { ...VALID, postalCode: null, companyName: null } });
  });

  it('reads the postal code in any case and spacing, and refuses one that is not Canadian', () => {
    const result = validateProfile({ ...VALID, postalCode: ' h2x1y4 ' });
    expect(result.success && result.data.postalCode).toBe('H2X 1Y4');
    const wrong = validateProfile({ ...VALID, postalCode: '90210' });
    expect(wrong.success ? {} : wrong.errors).toEqual({ postalCode: 'validation.postalCode' });
  });

  it('keeps a company name and trims the fields', () => {
    const result = validateProfile({ ...VALID, firstName: '  Camille ', companyName: ' Nettoyage Inc ' });
    expect(result.success && result.data).toMatchObject({
      firstName: 'Camille',
      companyName: 'Nettoyage Inc',
    });
  });

  it('gives one translation key per broken field (spec §5 messages)', () => {
    const result = validateProfile(EMPTY_PROFILE);
    expect(result).toEqual({
      success: false,
      errors: {
        firstName: 'profile.errors.firstName',
        lastName: 'profile.errors.lastName',
        phoneNumber: 'profile.errors.phone',
        address: 'profile.errors.addressRequired',
      },
    });
  });

  it('rejects blank names after trimming', () => {
    const result = validateProfile({ ...VALID, firstName: '   ', lastName: '\t' });
    expect(result.success ? {} : result.errors).toEqual({
      firstName: 'profile.errors.firstName',
      lastName: 'profile.errors.lastName',
    });
  });

  it.each(['5145551234', '514-555-123', '514 555 1234', '(514)-555-1234'])(
    'rejects the phone %j',
    (phone) => {
      const result = validateProfile({ ...VALID, phoneNumber: phone });
      expect(result.success ? {} : result.errors).toEqual({ phoneNumber: 'profile.errors.phone' });
    },
  );

  it.each(['Main Street', '123Main Street', '123 Main St.', '123 4th Avenue', '12-B Main Street'])(
    'rejects the address %j with the format message',
    (address) => {
      const result = validateProfile({ ...VALID, address });
      expect(result.success ? {} : result.errors).toEqual({ address: 'profile.errors.addressFormat' });
    },
  );

  it.each(['123 Main Street', '4500 Rue Sainte Catherine', '12 Chemin de la Côte des Neiges'])(
    'accepts the address %j',
    (address) => {
      expect(validateProfile({ ...VALID, address }).success).toBe(true);
    },
  );
});

describe('toProfileErrors', () => {
  it('maps the server details onto the form fields, first rule per field', () => {
    expect(
      toProfileErrors([
        { path: 'body.phoneNumber', message: 'profile.errors.phone' },
        { path: 'body.address', message: 'profile.errors.addressFormat' },
        { path: 'body.address', message: 'validation.tooLong' },
        { path: 'body.email', message: 'validation.email' },
      ]),
    ).toEqual({ phoneNumber: 'profile.errors.phone', address: 'profile.errors.addressFormat' });
  });
});
