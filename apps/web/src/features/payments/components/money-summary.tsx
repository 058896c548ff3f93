import { RATE_SCALE, type Locale, type TaxLine, type VisitPayments } from '@eclat/shared';
import { Divider, Group, Stack, Text } from '@mantine/core';

import { PaymentStateBadge } from '@/components/payments/payment-state-badge';
import { formatCents } from '@/lib/format-cents';
import { toIntlLocale } from '@/lib/format';
import { useTranslation, type TFunction } from '@/lib/i18n';

/** A tax's rate as a percent with up to three decimals: "13%" / "9,975 %". */
export function formatRate(rate: number, locale: Locale): string {
  return new Intl.NumberFormat(toIntlLocale(locale), { style: 'percent', maximumFractionDigits: 3 }).format(
    rate / RATE_SCALE,
  );
}

/** A tax line's name with its rate, in the language: "HST 13%" / "TVH 13 %", "QST 9.975%" / "TVQ 9,975 %". */
export function taxLineLabel(t: TFunction, line: Pick<TaxLine, 'code' | 'rate'>, locale: Locale): string {
  return `${t(`payments.tax.${line.code}`)} ${formatRate(line.rate, locale)}`;
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" component="div">
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
 * A visit's money (issue 29), read only: price, fees, each tax with its rate, the total, then what was
 * paid, tipped and refunded, and what is still owed (or owed back). The same for the office and the
 * customer.
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
          <Row key={line.code} label={taxLineLabel(t, line, locale)} value={money$(line.cents)} />
        ))}
        <Divider />
        <Row label={t('payments.summary.total')} value={money$(money.totalCents)} strong />
        <Row label={t('payments.summary.paid')} value={money$(money.paidCents)} />
        {money.tipsCents > 0 && <Row label={t('payments.summary.tips')} value={money$(money.tipsCents)} />}
        {money.refundedCents > 0 && (
          <Row label={t('payments.summary.refunded')} value={money$(money.refundedCents)} />
        )}
        <Divider />
        {money.refundDueCents > 0 ? (
          <Row label={t('payments.summary.refundDue')} value={money$(money.refundDueCents)} strong />
        ) : (
          <Row label={t('payments.summary.owed')} value={money$(money.owedCents)} strong />
        )}
      </Stack>
    </Stack>
  );
}
