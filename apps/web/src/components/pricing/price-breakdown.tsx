import type { Locale, PriceLine } from '@eclat/shared';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

import { formatCurrency } from '@/lib/format';

import { priceLineText } from '@/lib/pricing/line-text';

type PriceBreakdownProps = {
  lines: readonly PriceLine[];
  totalCents: number;
  locale: Locale;
  /** A test id for the total, where pages have one already. */
  totalTestId?: string;
  /** The total's words ("Total" by default). */
  totalLabel?: string;
};

/**
 * A visit's price, line by line (decision 025): each service (with the rooms or area it was priced on),
 * each extra, the travel surcharge, the frequency discount, then the total.
 */
export function PriceBreakdown({ lines, totalCents, locale, totalTestId, totalLabel }: PriceBreakdownProps) {
  const { t } = useTranslation();
  const hasQuote = lines.some((line) => line.kind === 'service' && line.cents === 0);
  return (
    <Stack gap="xs" data-testid="price-breakdown">
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {lines.map((line, index) => {
          const text = priceLineText(line, t, locale);
          return (
            <Group
              component="li"
              key={`${line.kind}-${line.refId ?? String(index)}`}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              align="flex-start"
              data-kind={line.kind}
            >
              <div style={{ minWidth: 0 }}>
                <Text
                  style={{ overflowWrap: 'anywhere' }}
                  c={line.kind === 'discount' ? 'teal.9' : undefined}
                >
                  {text.label}
                </Text>
                {text.detail && (
                  <Text size="sm" c="dimmed">
                    {text.detail}
                  </Text>
                )}
              </div>
              <Text
                fw={600}
                style={{ whiteSpace: 'nowrap' }}
                c={line.kind === 'discount' ? 'teal.9' : undefined}
              >
                {text.amount}
              </Text>
            </Group>
          );
        })}
      </Stack>
      <Divider />
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={700}>{totalLabel ?? t('pricing.lines.total')}</Text>
        <Text fw={700} size="lg" data-testid={totalTestId}>
          {totalCents > 0 || !hasQuote
            ? formatCurrency(totalCents / 100, locale)
            : t('checkout.contactForPricing')}
        </Text>
      </Group>
    </Stack>
  );
}
