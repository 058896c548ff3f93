import type { CardOnFile } from '@eclat/shared';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

import { confirmDanger } from '@/components/ui/confirm-danger';
import { notifySuccess } from '@/components/ui/notify';
import { useCardOnFile, useRemoveCard } from '@/features/payments/api/card-on-file';
import { useGoToCardPage } from '@/features/payments/use-go-to-card-page';
import { usePaymentsShown } from '@/lib/api/get-payments-policy';
import { useErrorToast } from '@/lib/error-toast';
import { useTranslation, type TFunction } from '@/lib/i18n';

/** Card brands as Stripe names them, written as their owners do (the same in both languages). */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  diners: 'Diners Club',
};

/** "Visa ending in 4242, expires 04/2030" in the page's language. */
export function cardText(t: TFunction, card: CardOnFile): string {
  const brand = BRANDS[card.brand] ?? card.brand;
  const expiry = `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
  return t('cardOnFile.summary', { brand, last4: card.last4, expiry });
}

/**
 * The profile's "Card on file" (PAYMENTS=stripe only, decision 056): the card kept for the holds before
 * each visit, Add or Replace (Stripe's hosted page), Remove after a confirmation. `replaceAsked` (the
 * link of the "Payment needed" email, `/profile?card=replace`) says why and puts the focus on Replace.
 */
export function CardOnFileCard({ replaceAsked = false }: { replaceAsked?: boolean }) {
  const { t } = useTranslation();
  const { mode } = usePaymentsShown();
  const isStripe = mode === 'stripe';
  const card = useCardOnFile({ enabled: isStripe });
  const remove = useRemoveCard();
  const goToCardPage = useGoToCardPage();
  const showError = useErrorToast();
  const actionRef = useRef<HTMLButtonElement>(null);
  const isLoaded = card.isSuccess;

  useEffect(() => {
    if (replaceAsked && isLoaded) actionRef.current?.focus();
  }, [replaceAsked, isLoaded]);

  if (!isStripe) return null;

  const heading = (
    <Title order={2} size="h3" id="card-on-file-title">
      {t('cardOnFile.title')}
    </Title>
  );

  let body;
  if (card.isPending) {
    body = <Skeleton height={64} aria-label={t('cardOnFile.loading')} />;
  } else if (card.isError) {
    body = (
      <Alert color="red" role="alert" p="sm">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('cardOnFile.loadError')}</Text>
          <Button size="xs" variant="default" onClick={() => void card.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    const saved = card.data;
    const askRemove = () => {
      confirmDanger(t, {
        title: t('cardOnFile.remove.title'),
        text: t('cardOnFile.remove.text'),
        confirm: t('cardOnFile.remove.confirm'),
        onConfirm: () => {
          remove.mutate(undefined, {
            onSuccess: () => {
              notifySuccess(t('cardOnFile.remove.done'));
            },
            onError: showError,
          });
        },
      });
    };
    body = (
      <Stack gap="sm" align="flex-start">
        {saved ? (
          <Text data-testid="card-on-file">{cardText(t, saved)}</Text>
        ) : (
          <Text c="dimmed">{t('cardOnFile.none')}</Text>
        )}
        <Text size="sm" c="dimmed">
          {t('cardOnFile.why')}
        </Text>
        <Group gap="sm">
          <Button
            ref={actionRef}
            leftSection={<IconCreditCard size={18} aria-hidden="true" />}
            loading={goToCardPage.isPending}
            onClick={() => {
              goToCardPage.go({ page: 'profile' });
            }}
          >
            {saved ? t('cardOnFile.replace') : t('cardOnFile.add')}
          </Button>
          {saved && (
            <Button variant="default" color="red" loading={remove.isPending} onClick={askRemove}>
              {t('cardOnFile.remove.button')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="card-on-file-title"
      data-testid="card-on-file-section"
    >
      <Stack gap="md">
        {heading}
        {replaceAsked && (
          <Alert color="orange" p="sm">
            <Text size="sm">{t('cardOnFile.replaceAsked')}</Text>
          </Alert>
        )}
        {body}
      </Stack>
    </Paper>
  );
}
