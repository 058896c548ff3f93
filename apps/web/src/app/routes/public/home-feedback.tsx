import { Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useLanguage, useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { LazyRetryAlert } from '@/components/ui/lazy-retry-alert';
import { PageGrid } from '@/components/ui/page-grid';
import { paths } from '@/config/paths';
import { usePublishedFeedback } from '@/features/feedback/api/public-feedback';
import { FeedbackCard } from '@/features/feedback/components/feedback-card';
import { toErrorCode } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { formatLongDate } from '@/lib/format';
import { useBusinessTimeZoneName } from '@/lib/page-facts';

/** Reviews shown at first and added by each "Show more". */
export const FEEDBACK_PAGE_SIZE = 6;

/** Published feedback (spec §2, §4: VISIBLE only) and, for anyone signed in, Submit Feedback. */
export function FeedbackSection() {
  const { t } = useTranslation();
  const session = useSession();
  const feedback = usePublishedFeedback();
  const [shown, setShown] = useState(FEEDBACK_PAGE_SIZE);
  const locale = useLanguage();
  const timeZone = useBusinessTimeZoneName();
  const isSignedIn = session.status === 'signed-in';

  let body;
  // What the page came with stays on screen while it is refreshed, and if a refresh fails.
  if (feedback.data === undefined && feedback.status !== 'error') {
    body = (
      <PageGrid layout="cards" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={160} radius="md" />
        ))}
      </PageGrid>
    );
  } else if (feedback.data === undefined) {
    const code = toErrorCode(feedback.error);
    body = (
      <LazyRetryAlert
        title={t('feedback.list.errorTitle')}
        message={code === 'INTERNAL_ERROR' ? t('feedback.list.error') : t(`errors.${code}`)}
        onRetry={() => void feedback.refetch()}
      />
    );
  } else if (feedback.data.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {t('feedback.list.empty')}
      </Text>
    );
  } else {
    const items = feedback.data.slice(0, shown);
    body = (
      <Stack gap="lg">
        <PageGrid layout="cards" component="ul">
          {items.map((item) => (
            <li key={item.feedbackId}>
              <FeedbackCard
                content={item.content}
                author={item.authorName}
                stars={item.stars}
                starsLabel={t('feedback.starsLabel', { count: item.stars })}
                date={formatLongDate(item.createdAt, locale, timeZone)}
                dateTime={item.createdAt}
              />
            </li>
          ))}
        </PageGrid>
        {feedback.data.length > shown && (
          <Group justify="center">
            <Button
              variant="outline"
              onClick={() => {
                setShown((count) => count + FEEDBACK_PAGE_SIZE);
              }}
            >
              {t('feedback.list.showMore', { count: feedback.data.length - shown })}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Container component="section" size="lg" py={{ base: 48, sm: 72 }} aria-labelledby="home-feedback-title">
      <Group justify="space-between" align="flex-end" mb="xl" gap="md">
        <Stack gap={4}>
          <Title order={2} id="home-feedback-title">
            {t('feedback.list.title')}
          </Title>
          <Text c="dimmed">{t('feedback.list.subtitle')}</Text>
        </Stack>
        {isSignedIn && (
          <Button
            component={Link}
            to={paths.submitFeedback.getHref()}
            leftSection={<IconMessageCircle size={18} aria-hidden="true" />}
          >
            {t('feedback.submit.cta')}
          </Button>
        )}
      </Group>
      {body}
    </Container>
  );
}
