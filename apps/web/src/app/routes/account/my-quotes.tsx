import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileDollar } from '@tabler/icons-react';

import { EmptyState, LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useMyQuotes } from '@/features/quotes/api/get-my-quotes';
import { MyQuoteCard } from '@/features/quotes/components/my-quote-card';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';
import { usePageMeta } from '@/lib/use-page-meta';

/** My quote requests (issue 16), newest first: the answers, and Accept (book at that price) or Decline. */
export function MyQuotesRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('myQuotes');
  const quotes = useMyQuotes();

  let content;
  if (quotes.isPending) content = <LoadingSkeleton count={2} height={180} radius="md" gap="md" />;
  else if (quotes.isError)
    content = <LoadErrorAlert message={t('quotes.mine.loadError')} onRetry={() => void quotes.refetch()} />;
  else if (quotes.data.length === 0) content = <EmptyState size="lg">{t('quotes.mine.empty')}</EmptyState>;
  else
    content = (
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {quotes.data.map((quote) => (
          <MyQuoteCard key={quote.quoteId} quote={quote} />
        ))}
      </Stack>
    );

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1}>{title}</Title>
            <Text c="dimmed">{t('quotes.mine.intro')}</Text>
          </Stack>
          <Button
            component={Link}
            to={paths.requestQuote.getHref()}
            variant="light"
            leftSection={<IconFileDollar size={18} aria-hidden="true" />}
          >
            {t('quotes.mine.new')}
          </Button>
        </Group>
        {content}
      </Stack>
    </Container>
  );
}
