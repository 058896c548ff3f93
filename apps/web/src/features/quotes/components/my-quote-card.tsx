import type { Quote } from '@eclat/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';

import { confirmDanger } from '@/components/ui/confirm-danger';
import { notifySuccess } from '@/components/ui/notify';
import { Link } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { useErrorToast } from '@/lib/error-toast';
import { formatLongDate } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { useDeclineQuote } from '../api/decline-quote';
import { AcceptQuote } from './accept-quote';
import { QuoteDetails } from './quote-details';
import { QuoteStatusBadge } from './quote-status-badge';

/** One of my quote requests: what I asked, the answer, and Accept (choose a time) or Decline. */
export function MyQuoteCard({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const decline = useDeclineQuote();
  const showError = useErrorToast();
  const [isAccepting, setIsAccepting] = useState(false);
  const asked = formatLongDate(quote.createdAt, locale);
  const canDecline = quote.status === 'requested' || quote.status === 'answered';

  const confirmDecline = () => {
    confirmDanger(t, {
      title: t('quotes.mine.declineTitle'),
      text: t(quote.status === 'answered' ? 'quotes.mine.declineText' : 'quotes.mine.withdrawText'),
      confirm: t('quotes.mine.declineYes'),
      cancel: t('quotes.mine.keep'),
      onConfirm: () => {
        decline.mutate(quote.quoteId, {
          onSuccess: () => {
            notifySuccess(t('quotes.mine.declined'));
          },
          onError: showError,
        });
      },
    });
  };

  return (
    <Paper component="li" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="my-quote">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} size="h4">
            {t('quotes.mine.cardTitle', { date: asked })}
          </Title>
          <QuoteStatusBadge status={quote.status} />
        </Group>
        <QuoteDetails quote={quote} />
        {quote.status === 'requested' && (
          <Text size="sm" c="dimmed">
            {t('quotes.mine.waiting')}
          </Text>
        )}
        {quote.status === 'accepted' && (
          <Text size="sm">
            <Link to={paths.myAppointments.getHref()}>{t('quotes.mine.seeVisit')}</Link>
          </Text>
        )}
        {isAccepting ? (
          <AcceptQuote
            quote={quote}
            onCancel={() => {
              setIsAccepting(false);
            }}
          />
        ) : (
          (quote.status === 'answered' || canDecline) && (
            <Group gap="sm">
              {quote.status === 'answered' && (
                <Button
                  leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
                  onClick={() => {
                    setIsAccepting(true);
                  }}
                >
                  {t('quotes.mine.accept')}
                </Button>
              )}
              {canDecline && (
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconX size={18} aria-hidden="true" />}
                  loading={decline.isPending}
                  onClick={confirmDecline}
                >
                  {t(quote.status === 'answered' ? 'quotes.mine.decline' : 'quotes.mine.withdraw')}
                </Button>
              )}
            </Group>
          )
        )}
      </Stack>
    </Paper>
  );
}
