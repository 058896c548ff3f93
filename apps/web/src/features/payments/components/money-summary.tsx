import {
  formatCents,
  formatTaxRate,
  taxName,
  type Locale,
  type TaxLine,
  type VisitPayments,
} from '@eclat/shared';
import { Group, Stack, Text } from '@mantine/core';

import { PaymentStateBadge } from '@/components/payments/payment-state-badge';
import { useTranslation } from '@/lib/i18n';

/** A tax line's name with its rate, in the language: "HST 13%" / "TVH 13 %", "QST 9.975%" / "TVQ 9,975 %". */
export function taxLineLabel(line: Pick<TaxLine, 'code' | 'rate'>, locale: Locale): string {
  return `${taxName(line.code, locale)} ${formatTaxRate(line.rate, locale)}`;
}

/**
 * One line of the summary: a `div` holding its `dt` and `dd` (the one other child a `dl` may have);
 * `separated` draws the rule above a total inside it, where a divider element would not be allowed.
 */
function Row({
  label,
  value,
  strong = false,
  separated = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
  separated?: boolean;
}) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      component="div"
      pt={separated ? 6 : undefined}
      style={separated ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Text component="dt" fw={strong ? 700 : undefined} size="sm">
        {label}
      </Text>
      <Text component="dd" m={0} fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * A visit's money (issue 29), read only: the price and fees before tax, each tax with its rate, the
 * total with taxes and the credit that lowered it (a refund's credit note), then what was paid, tipped
 * and refunded, and what is still owed (or owed back). The same for the office and the customer.
 */
export function MoneySummary({
  payments,
  locale,
  showState = true,
}: {
  payments: VisitPayments;
  locale: Locale;
  /** Off where the state is shown already (a card of My Appointments). */
  showState?: boolean;
}) {
  const { t } = useTranslation();
  const { money } = payments;
  const money$ = (cents: number) => formatCents(cents, locale);
  return (
    <Stack gap="xs" data-testid="money-summary">
      <Group gap="xs">
        {showState && <PaymentStateBadge state={money.state} size="lg" />}
        <Text size="sm" c="dimmed">
          {t('payments.summary.taxesOf', { province: t(`payments.province.${payments.province}`) })}
        </Text>
      </Group>
      <Stack gap={6} component="dl" m={0}>
        <Row label={t('payments.summary.price')} value={money$(money.priceCents)} />
        {money.feesCents > 0 && <Row label={t('payments.summary.fees')} value={money$(money.feesCents)} />}
        {money.taxes.map((line) => (
          <Row key={line.code} label={taxLineLabel(line, locale)} value={money$(line.cents)} />
        ))}
        <Row label={t('payments.summary.total')} value={money$(money.totalCents)} strong separated />
        {/* A refund that lowered what the visit costs (a credit note), taxes included. */}
        {money.creditedCents > 0 && (
          <Row
            label={t('payments.summary.credit')}
            value={t('payments.ledger.out', { amount: money$(money.creditedCents) })}
          />
        )}
        <Row label={t('payments.summary.paid')} value={money$(money.paidCents)} />
        {money.tipsCents > 0 && <Row label={t('payments.summary.tips')} value={money$(money.tipsCents)} />}
        {money.refundedCents > 0 && (
          <Row label={t('payments.summary.refunded')} value={money$(money.refundedCents)} />
        )}
        {money.refundDueCents > 0 ? (
          <Row
            label={t('payments.summary.refundDue')}
            value={money$(money.refundDueCents)}
            strong
            separated
          />
        ) : (
          <Row label={t('payments.summary.owed')} value={money$(money.owedCents)} strong separated />
        )}
      </Stack>
    </Stack>
  );
}
