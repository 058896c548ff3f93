import { MAX_PAYMENT_CENTS, centsFromDollars, type DepositRule, type Locale } from '@eclat/shared';

import { centsToInput } from './amounts';

/** The deposit fields of a service as typed: none, a percent, or an amount in dollars. */
export type DepositFormValues = { kind: 'none' | 'percent' | 'fixed'; percent: string; amount: string };

export function toDepositFormValues(rule: DepositRule | null, locale: Locale): DepositFormValues {
  if (!rule) return { kind: 'none', percent: '', amount: '' };
  return rule.kind === 'percent'
    ? { kind: 'percent', percent: String(rule.percent), amount: '' }
    : { kind: 'fixed', percent: '', amount: centsToInput(rule.cents, locale) };
}

/**
 * The rule the fields make, checked as the server does (`depositRuleSchema`): a whole percent from 1 to
 * 100, or at least $0.50; or the field and translation key of what is wrong.
 */
export function depositFromForm(
  values: DepositFormValues,
): { deposit: DepositRule | null } | { field: 'percent' | 'amount'; error: string } {
  if (values.kind === 'none') return { deposit: null };
  if (values.kind === 'percent') {
    const percent = Number(values.percent.trim());
    if (values.percent.trim() === '' || !Number.isInteger(percent) || percent < 1 || percent > 100)
      return { field: 'percent', error: 'cardCharges.deposit.errors.percent' };
    return { deposit: { kind: 'percent', percent } };
  }
  const cents = values.amount.trim() === '' ? null : centsFromDollars(values.amount);
  if (cents === null) return { field: 'amount', error: 'payments.errors.amountFormat' };
  if (cents < 50) return { field: 'amount', error: 'cardCharges.deposit.errors.fixed' };
  if (cents > MAX_PAYMENT_CENTS) return { field: 'amount', error: 'validation.tooLarge' };
  return { deposit: { kind: 'fixed', cents } };
}
