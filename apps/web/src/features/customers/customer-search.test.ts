import type { Customer } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import { filterCustomers } from './customer-search';

function customer(firstName: string, lastName: string, email: string, companyName: string | null): Customer {
  return {
    customerId: crypto.randomUUID(),
    firstName,
    lastName,
    email,
    phoneNumber: '416-555-0100',
    companyName,
    address: null,
    postalCode: null,
  };
}

const amelie = customer('Amélie', 'Tremblay', 'amelie.tremblay@example.com', null);
const marcus = customer('Marcus', 'Okafor', 'marcus.okafor@example.com', 'Okafor Dental');
const jf = customer('Jean-François', 'Gagnon', 'jf.gagnon@example.com', 'Café Gagnon');
const all = [amelie, marcus, jf];

describe('filterCustomers', () => {
  it('keeps everyone for a blank query', () => {
    expect(filterCustomers(all, '')).toEqual(all);
    expect(filterCustomers(all, '   ')).toEqual(all);
  });

  it.each([
    ['amelie', [amelie]],
    ['TREMBLAY', [amelie]],
    ['tremblay amélie', [amelie]],
    ['okafor@', [marcus]],
    ['dental', [marcus]],
    ['cafe', [jf]],
    ['françois', [jf]],
    ['example.com', all],
    ['marcus gagnon', []],
    ['nobody', []],
  ])('%j finds the right people', (query, expected) => {
    expect(filterCustomers(all, query)).toEqual(expected);
  });
});
