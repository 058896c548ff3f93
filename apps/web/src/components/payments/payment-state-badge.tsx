import type { PaymentState } from '@eclat/shared';
import { Badge, type BadgeProps } from '@mantine/core';

import { useTranslation } from '@/lib/i18n';

/**
 * Each state's colour (filled, dark or light text by `autoContrast`): green when settled, red when
 * money is owed, yellow part way, grape when the business owes the customer. The words say the same.
 */
const STATE_COLORS: Record<PaymentState, string> = {
  nothing_due: 'gray.2',
  unpaid: 'red.9',
  partly_paid: 'yellow.4',
  paid: 'teal.8',
  partly_refunded: 'blue.7',
  refunded: 'gray.7',
  refund_due: 'grape.8',
  payment_needed: 'red.9',
};

/** A visit's payment state (issue 29) as a badge, the same in the staff's table and My Appointments. */
export function PaymentStateBadge({
  state,
  ...props
}: { state: PaymentState } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="filled" autoContrast data-state={state} {...props}>
      {t(`payments.state.${state}`)}
    </Badge>
  );
}
