import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { notifySuccess } from '@/components/ui/notify';
import { useFinishCardSetup } from '@/features/payments/api/card-on-file';
import { cardReturnHref, readCardReturn } from '@/features/payments/card-return';
import { useGoToCardPage } from '@/features/payments/use-go-to-card-page';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { cardText } from './card-on-file-card';

/**
 * The way back from Stripe's card page (decision 056): the server's success address is
 * `/profile?card=saved&session=…`, its cancel address `/profile?card=cancelled`. Saved: the card is
 * confirmed (`POST /payments/card-setup/done`), "Card saved" is said, and the customer goes back where
 * they were (checkout, to confirm the booking; else they stay on the profile). Cancelled or failed: said
 * so, with the way to try again.
 */
export function CardSetupReturn({
  outcome,
  sessionId,
}: {
  outcome: 'saved' | 'cancelled';
  sessionId: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const finish = useFinishCardSetup();
  const goToCardPage = useGoToCardPage();
  const [from] = useState(readCardReturn);
  const sent = useRef(false);
  const statusRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (outcome !== 'saved' || !sessionId || sent.current) return;
    sent.current = true;
    finish.mutate(sessionId, {
      onSuccess: (card) => {
        if (card && from.page === 'checkout') {
          notifySuccess(t('cardOnFile.return.saved'));
          void navigate(cardReturnHref(from), { replace: true });
        }
      },
    });
  }, [outcome, sessionId, finish, from, navigate, t]);

  const settled = finish.isSuccess || finish.isError || outcome === 'cancelled' || !sessionId;
  useEffect(() => {
    if (settled) statusRef.current?.focus();
  }, [settled]);

  const tryAgain = (
    <Group gap="sm">
      <Button
        size="xs"
        loading={goToCardPage.isPending}
        onClick={() => {
          goToCardPage.go(from);
        }}
      >
        {t('cardOnFile.return.tryAgain')}
      </Button>
      {from.page === 'checkout' && (
        <Button size="xs" variant="default" component={Link} to={cardReturnHref(from)}>
          {t('cardOnFile.return.backToCheckout')}
        </Button>
      )}
    </Group>
  );

  if (outcome === 'cancelled' || !sessionId) {
    return (
      <Alert color="blue" role="status" ref={statusRef} tabIndex={-1} data-testid="card-return">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('cardOnFile.return.cancelled')}</Text>
          {tryAgain}
        </Stack>
      </Alert>
    );
  }
  if (finish.isError || (finish.isSuccess && !finish.data)) {
    return (
      <Alert color="red" role="alert" ref={statusRef} tabIndex={-1} data-testid="card-return">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('cardOnFile.return.failed')}</Text>
          {tryAgain}
        </Stack>
      </Alert>
    );
  }
  if (finish.isSuccess && finish.data) {
    return (
      <Alert color="teal" role="status" ref={statusRef} tabIndex={-1} data-testid="card-return">
        <Stack gap={4}>
          <Text size="sm" fw={700}>
            {t('cardOnFile.return.saved')}
          </Text>
          <Text size="sm">{cardText(t, finish.data)}</Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="gray" role="status" data-testid="card-return">
      <Group gap="sm">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{t('cardOnFile.return.saving')}</Text>
      </Group>
    </Alert>
  );
}
