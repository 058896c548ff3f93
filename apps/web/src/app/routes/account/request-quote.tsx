import { Alert, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { notifySuccess } from '@/components/ui/notify';
import { LoadErrorAlert } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { toZonedIsoDate } from '@/lib/business-time';
import { useMyProfile } from '@/features/customers/api/get-my-profile';
import { profileSetupHref } from '@/features/customers/profile-return';
import { VerifyEmailBanner } from '@/features/email-verification/components/verify-email-banner';
import { useCreateQuote } from '@/features/quotes/api/create-quote';
import { QuoteRequestForm } from '@/features/quotes/components/quote-request-form';
import { readQuoteSearch } from '@/features/quotes/links';
import { initialQuoteValues, toQuoteErrors, type QuoteErrors } from '@/features/quotes/quote-form';
import { useServices } from '@/lib/api/get-services';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { useLanguage, useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';
import { usePageMeta } from '@/lib/use-page-meta';

/** A person's profile, for the return to this form once it is saved. */
const CREATE_PROFILE_HREF = profileSetupHref(paths.requestQuote.getHref());

/**
 * Ask for a quote (issue 16): for quote-only services ("Contact for pricing") and addresses outside the
 * service area. Pre-filled from the profile and what the booking knew; on success, My quotes.
 */
export function RequestQuoteRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('requestQuote');
  const locale = useLanguage();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [known] = useState(() => readQuoteSearch(search));
  const [openedAt] = useState(() => new Date());
  const [serverErrors, setServerErrors] = useState<QuoteErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { email } = useSession();
  const profile = useMyProfile(email);
  const services = useServices('public');
  const timeZone = useBusinessTimeZone();
  const create = useCreateQuote();

  let content;
  if (profile.isPending || services.isPending || timeZone.isPending) {
    content = <Skeleton height={480} radius="md" />;
  } else if (profile.isError || services.isError || timeZone.isError) {
    content = (
      <LoadErrorAlert
        message={t('quotes.form.loadError')}
        onRetry={() => {
          void profile.refetch();
          void services.refetch();
          void timeZone.refetch();
        }}
      />
    );
  } else if (!profile.data) {
    content = (
      <Alert color="blue" title={t('checkout.noProfile.title')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('quotes.form.noProfile')}</Text>
          <Button component={Link} to={CREATE_PROFILE_HREF} size="xs">
            {t('checkout.noProfile.create')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    const offered = services.data.filter((service) => service.isAvailable);
    const knownIds = known.serviceIds.filter((id) => offered.some((service) => service.serviceId === id));
    content = (
      <QuoteRequestForm
        initialValues={initialQuoteValues(profile.data, knownIds, known.postalCode)}
        services={offered}
        today={toZonedIsoDate(openedAt, timeZone.data)}
        isSending={create.isPending}
        serverErrors={serverErrors}
        onSubmit={(input) => {
          setFormError(null);
          create.mutate(
            { ...input, locale },
            {
              onSuccess: () => {
                notifySuccess(t('quotes.form.sent'));
                void navigate(paths.myQuotes.getHref());
              },
              onError: (failure) => {
                const fields = isApiError(failure) ? toQuoteErrors(failure.details) : {};
                setServerErrors(fields);
                if (Object.keys(fields).length === 0)
                  setFormError(t(`errors.${isApiError(failure) ? failure.code : 'INTERNAL_ERROR'}`));
              },
            },
          );
        }}
      />
    );
  }

  return (
    <Container size="sm" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('quotes.form.intro')}</Text>
        </Stack>
        <VerifyEmailBanner />
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          {content}
        </Paper>
      </Stack>
    </Container>
  );
}
