import type { PaymentState } from '@eclat/shared';
import { Badge, type BadgeProps } from '@mantine/core';

import { useTranslation } from '@/lib/i18n';

/**
 * Each state's colour (filled, dark or light text by `autoContrast`): green when settled, red when
 * money is owed, yellow part way, grape when the business owes the customer. The words say the same.
 * Shades dark enough for white text at 4.5:1 or more (teal.9, blue.9, grape.8, red.9, gray.7); the
 * light ones (yellow.4, gray.2) carry dark text.
 */
const STATE_COLORS: Record<PaymentState | 'not_due', string> = {
  nothing_due: 'gray.2',
  // A visit still to come whose balance is not owed yet (decision 061).
  not_due: 'gray.2',
  unpaid: 'red.9',
  partly_paid: 'yellow.4',
  paid: 'teal.9',
  partly_refunded: 'blue.9',
  refunded: 'gray.7',
  refund_due: 'grape.8',
  payment_needed: 'red.9',
};

/** A visit's payment state (issue 29) as a badge, the same in the staff's table and My Appointments. */
export function PaymentStateBadge({
  state,
  ...props
}: { state: PaymentState | 'not_due' } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="filled" autoContrast data-state={state} {...props}>
      {t(`payments.state.${state}`)}
    </Badge>
  );
}
