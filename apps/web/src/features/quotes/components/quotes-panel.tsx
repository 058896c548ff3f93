import { QUOTE_STATUSES, type Quote, type QuoteStatus } from '@eclat/shared';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconCurrencyDollar } from '@tabler/icons-react';
import { useState } from 'react';

import { EmptyState, LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { toIntlLocale } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { useQuotesPage } from '../api/get-quotes-page';
import { AnswerDialog } from './answer-dialog';
import { QuoteDetails } from './quote-details';
import { QuoteStatusBadge } from './quote-status-badge';
import { ServiceAreaCard } from './service-area-card';
import { PageControls } from '@/components/ui/page-controls';

const ALL = 'all';

function QuoteCard({ quote, onAnswer }: { quote: Quote; onAnswer: (quote: Quote) => void }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const name = `${quote.customerFirstName} ${quote.customerLastName}`;
  const received = new Intl.DateTimeFormat(toIntlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' });
  const canAnswer = quote.status === 'requested' || quote.status === 'answered' || quote.status === 'expired';
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="admin-quote">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={3} size="h5">
              {name}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {quote.customerEmail} ·{' '}
              <time dateTime={quote.createdAt}>{received.format(new Date(quote.createdAt))}</time>
            </Text>
          </div>
          <QuoteStatusBadge status={quote.status} />
        </Group>
        <QuoteDetails quote={quote} />
        {canAnswer && (
          <Group>
            <Button
              size="xs"
              leftSection={<IconCurrencyDollar size={14} aria-hidden="true" />}
              aria-label={t(
                quote.status === 'requested' ? 'quotes.admin.answerLabel' : 'quotes.admin.reviseLabel',
                {
                  name,
                },
              )}
              onClick={() => {
                onAnswer(quote);
              }}
            >
              {t(quote.status === 'requested' ? 'quotes.admin.answer' : 'quotes.admin.revise')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The admin dashboard's Quotes tab (issue 16): quote requests newest first, filtered by status, each
 * answered with a price; and the service area that decides who books online and who asks for a quote.
 */
export function QuotesPanel() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<QuoteStatus | null>(null);
  const [page, setPage] = useState(1);
  const [answering, setAnswering] = useState<Quote | null>(null);
  const list = useQuotesPage(status, page - 1);

  let content;
  if (list.isPending) content = <LoadingSkeleton count={3} height={120} />;
  else if (list.isError)
    content = <LoadErrorAlert message={t('quotes.admin.loadError')} onRetry={() => void list.refetch()} />;
  else if (list.data.content.length === 0)
    content = (
      <EmptyState>
        {status
          ? t('quotes.admin.emptyStatus', { status: t(`quotes.status.${status}`) })
          : t('quotes.admin.empty')}
      </EmptyState>
    );
  else
    content = (
      <Stack gap="sm">
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {list.data.content.map((quote) => (
            <QuoteCard key={quote.quoteId} quote={quote} onAnswer={setAnswering} />
          ))}
        </Stack>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('quotes.admin.count', { count: list.data.totalElements })}
          </Text>
          <PageControls
            total={list.data.totalPages}
            page={page}
            onChange={setPage}
            label={t('quotes.admin.pagination')}
          />
        </Group>
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Select
          label={t('quotes.admin.filter')}
          data={[
            { value: ALL, label: t('quotes.admin.all') },
            ...QUOTE_STATUSES.map((value) => ({ value, label: t(`quotes.status.${value}`) })),
          ]}
          value={status ?? ALL}
          allowDeselect={false}
          onChange={(value) => {
            setStatus(QUOTE_STATUSES.find((candidate) => candidate === value) ?? null);
            setPage(1);
          }}
          maw={280}
        />
        {content}
      </Stack>
      <ServiceAreaCard />
      {answering && (
        <AnswerDialog
          quote={answering}
          onClose={() => {
            setAnswering(null);
          }}
        />
      )}
    </Stack>
  );
}
