import type { Quote } from '@eclat/shared';
import { Stack, Text } from '@mantine/core';

import { DetailList } from '@/components/ui/detail-list';
import { formatCurrency, formatLongDate } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/i18n';

import { QuotePhotos } from './quote-photos';
import { hoursText } from '../hours';

/** What a quote request asks (what, where, size, dates, photos) and, once answered, its answer. */
export function QuoteDetails({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const size = [
    quote.bedrooms !== null && t('quotes.size.bedrooms', { count: quote.bedrooms }),
    quote.bathrooms !== null && t('quotes.size.bathrooms', { count: quote.bathrooms }),
    quote.areaSqft !== null && t('quotes.size.area', { area: quote.areaSqft.toLocaleString(locale) }),
  ].filter(Boolean);
  const rows: [string, string][] = [
    ...(quote.services.length
      ? [
          [t('quotes.fields.services'), quote.services.map((service) => service.title).join(', ')] as [
            string,
            string,
          ],
        ]
      : []),
    [t('quotes.fields.where'), `${quote.address}, ${quote.postalCode}`],
    ...(size.length ? [[t('quotes.fields.size'), size.join(' · ')] as [string, string]] : []),
    ...(quote.preferredDates.length
      ? [
          [
            t('quotes.fields.preferredDates'),
            quote.preferredDates.map((date) => formatLongDate(`${date}T12:00:00Z`, locale, 'UTC')).join(', '),
          ] as [string, string],
        ]
      : []),
  ];
  return (
    <Stack gap="xs">
      <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{quote.description}</Text>
      <DetailList rows={rows} spacing="xs" />
      <QuotePhotos quoteId={quote.quoteId} count={quote.photoCount} />
      {quote.priceCents !== null && (
        <Stack gap={2}>
          <Text fw={700} data-testid="quote-price">
            {t('quotes.answer.summary', {
              price: formatCurrency(quote.priceCents / 100, locale),
              hours: hoursText(t, locale, quote.durationMinutes ?? 0),
            })}
          </Text>
          {quote.message && (
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {quote.message}
            </Text>
          )}
          {quote.status === 'answered' && quote.expiresAt && (
            <Text size="sm" c="dimmed">
              {t('quotes.answer.validUntil', { date: formatLongDate(quote.expiresAt, locale) })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
