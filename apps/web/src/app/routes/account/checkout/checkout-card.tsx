import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';

import { cardText } from '@/features/payments/components/card-on-file-card';
import { useGoToCardPage } from '@/features/payments/use-go-to-card-page';
import { useTranslation } from '@/lib/i18n';

import { CheckoutSection, SectionRetryAlert } from './checkout-section';
import type { Checkout } from './use-checkout';

/**
 * PAYMENTS=stripe (decision 056): the card kept on file that the visit will be held on, or the way to
 * Stripe's card page and back here to confirm (the frequency and comments typed are kept for the return).
 */
export function CheckoutCard({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation();
  const goToCardPage = useGoToCardPage();
  const { isStripe, card, profile } = checkout;
  if (!isStripe || !profile.data) return null;

  let content;
  if (card.isPending) {
    content = <Skeleton height={48} aria-label={t('cardOnFile.loading')} />;
  } else if (card.isError) {
    content = <SectionRetryAlert message={t('cardOnFile.loadError')} onRetry={() => void card.refetch()} />;
  } else {
    content = (
      <Stack gap="xs" align="flex-start">
        {card.data ? (
          <Text data-testid="checkout-card">{cardText(t, card.data)}</Text>
        ) : (
          <Text size="sm">{t('cardOnFile.checkout.needed')}</Text>
        )}
        <Text size="sm" c="dimmed">
          {t('cardOnFile.why')}
        </Text>
        <Button
          size={card.data ? 'xs' : 'sm'}
          variant={card.data ? 'default' : 'filled'}
          leftSection={<IconCreditCard size={18} aria-hidden="true" />}
          loading={goToCardPage.isPending}
          onClick={() => {
            goToCardPage.go({ page: 'checkout', frequency: checkout.frequency, comments: checkout.comments });
          }}
        >
          {card.data ? t('cardOnFile.replace') : t('cardOnFile.add')}
        </Button>
      </Stack>
    );
  }
  return <CheckoutSection heading={t('cardOnFile.title')}>{content}</CheckoutSection>;
}
