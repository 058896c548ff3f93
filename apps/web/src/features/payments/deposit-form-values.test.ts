import { describe, expect, it } from 'vitest';

import { depositFromForm, toDepositFormValues } from './deposit-form-values';

const form = (kind: 'none' | 'percent' | 'fixed', typed = '') => ({
  kind,
  percent: kind === 'percent' ? typed : '',
  amount: kind === 'fixed' ? typed : '',
});

describe('the deposit fields of a service', () => {
  it('make the rule the server takes', () => {
    expect(depositFromForm(form('none'))).toEqual({ deposit: null });
    expect(depositFromForm(form('percent', '25'))).toEqual({ deposit: { kind: 'percent', percent: 25 } });
    expect(depositFromForm(form('fixed', '50'))).toEqual({ deposit: { kind: 'fixed', cents: 5_000 } });
    expect(depositFromForm(form('fixed', '40,50'))).toEqual({ deposit: { kind: 'fixed', cents: 4_050 } });
  });

  it('refuse what the server refuses, naming the field', () => {
    for (const typed of ['', '0', '101', '12.5', 'abc']) {
      expect(depositFromForm(form('percent', typed))).toEqual({
        field: 'percent',
        error: 'cardCharges.deposit.errors.percent',
      });
    }
    expect(depositFromForm(form('fixed', '0.49'))).toEqual({
      field: 'amount',
      error: 'cardCharges.deposit.errors.fixed',
    });
    expect(depositFromForm(form('fixed', ''))).toMatchObject({ field: 'amount' });
  });

  it('start from the saved rule, in the language’s way', () => {
    expect(toDepositFormValues(null, 'en')).toEqual(form('none'));
    expect(toDepositFormValues({ kind: 'percent', percent: 30 }, 'en')).toEqual(form('percent', '30'));
    expect(toDepositFormValues({ kind: 'fixed', cents: 4_050 }, 'fr')).toEqual(form('fixed', '40,50'));
  });
});
