import { createFeedbackInputSchema, FEEDBACK_MAX_LENGTH, MAX_STARS, MIN_STARS } from '@eclat/shared';
import { Alert, Button, Container, NumberInput, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { useCreateFeedback } from '@/features/feedback/api/create-feedback';
import { VerifyEmailBanner } from '@/features/email-verification/components/verify-email-banner';
import { isApiError } from '@/lib/api-client';
import { toIntlLocale } from '@/lib/format';
import { getActiveLanguage } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';

/** Spec §2, §5, §8: stars 1 to 5 and a text; the error shows above the form. */
export function SubmitFeedbackRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('submitFeedback');
  const navigate = useNavigate();
  const create = useCreateFeedback();
  const [stars, setStars] = useState<number | string>(MAX_STARS);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const parsed = createFeedbackInputSchema.safeParse({
      stars: typeof stars === 'number' ? stars : Number.NaN,
      content,
    });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'feedback.errors.stars'));
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('feedback.submit.success') });
        void navigate(paths.home.getHref());
      },
      onError: (failure) => {
        setError(
          isApiError(failure) && failure.status === 400
            ? t('feedback.submit.invalid')
            : isApiError(failure) && failure.code === 'RATE_LIMITED'
              ? t('errors.RATE_LIMITED')
              : t('feedback.submit.failed'),
        );
      },
    });
  };

  return (
    <Container size="sm" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('feedback.submit.intro')}</Text>
        </Stack>
        <VerifyEmailBanner />
        {error && (
          <Alert color="red" role="alert" id="feedback-error">
            {error}
          </Alert>
        )}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <form onSubmit={submit} noValidate aria-describedby={error ? 'feedback-error' : undefined}>
            <Stack gap="md">
              <NumberInput
                label={t('feedback.submit.stars')}
                description={t('feedback.submit.starsHint')}
                min={MIN_STARS}
                max={MAX_STARS}
                step={1}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={stars}
                onChange={setStars}
                maw={200}
              />
              <Textarea
                label={t('feedback.submit.content')}
                description={t('feedback.submit.contentHint', {
                  max: new Intl.NumberFormat(toIntlLocale(getActiveLanguage())).format(FEEDBACK_MAX_LENGTH),
                })}
                autosize
                minRows={5}
                maxLength={FEEDBACK_MAX_LENGTH}
                value={content}
                onChange={(event) => {
                  setContent(event.currentTarget.value);
                }}
              />
              <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
                {t('feedback.submit.submit')}
              </Button>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
