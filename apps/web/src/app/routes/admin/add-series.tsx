import { Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { notifySuccess } from '@/components/ui/notify';
import { BlockSkeleton, LoadErrorAlert } from '@/components/ui/query-states';
import { adminTabHref } from '@/lib/admin-tabs';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { toZonedIsoDate } from '@/lib/business-time';
import { createIdempotencyKey } from '@/features/booking/booking-selection';
import { useBookSeries } from '@/features/series/api/book-series';
import { useRecurringDiscounts } from '@/features/series/api/get-recurring-discounts';
import { SeriesPlanForm } from '@/features/series/components/series-plan-form';
import { seriesFailureKey } from '@/features/series/failure';
import { seriesHref } from '@/features/series/links';
import { useServices } from '@/lib/api/get-services';
import { isApiError } from '@/lib/api-client';
import { i18n, useLanguage, useTranslation } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';

/**
 * An admin books a recurring cleaning for a customer who calls (decision 020): the customer, the
 * services, the first visit, the frequency and the comments; `POST /series/customers/{customerId}`.
 */
export function AddSeriesRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('addSeries');
  const navigate = useNavigate();
  const locale = useLanguage();
  const services = useServices('admin');
  const timeZone = useBusinessTimeZone();
  const discounts = useRecurringDiscounts();
  const book = useBookSeries();
  const [idempotencyKey] = useState(createIdempotencyKey);
  const [openedAt] = useState(() => new Date());
  const backHref = adminTabHref('recurring');

  let content;
  if (services.isPending || timeZone.isPending) {
    content = <BlockSkeleton height={480} />;
  } else if (services.isError || timeZone.isError) {
    content = (
      <LoadErrorAlert
        message={t('staffAppointments.form.choicesError')}
        onRetry={() => {
          void services.refetch();
          void timeZone.refetch();
        }}
      />
    );
  } else {
    const failure = book.error;
    let formError: string | null = null;
    if (failure) {
      const key = isApiError(failure) ? seriesFailureKey(failure) : 'errors.INTERNAL_ERROR';
      formError = `${t('series.change.error')} ${i18n.exists(key) ? t(key) : ''}`.trim();
    }
    content = (
      <SeriesPlanForm
        mode="create"
        initialValues={{
          customerId: null,
          serviceIds: [],
          date: null,
          selected: null,
          frequency: 'every2Weeks',
          comments: '',
        }}
        withCustomer
        services={services.data.map((service) => ({
          value: service.serviceId,
          label: service.isAvailable
            ? service.title
            : t('staffAppointments.form.unavailableService', { title: service.title }),
          price: service.pricing,
        }))}
        discounts={discounts.data}
        timeZone={timeZone.data}
        today={toZonedIsoDate(openedAt, timeZone.data)}
        locale={locale}
        isSubmitting={book.isPending}
        formError={formError}
        onSubmit={(values) => {
          if (!values.customerId) return;
          book.mutate(
            {
              customerId: values.customerId,
              input: {
                serviceIds: values.serviceIds,
                appointmentDate: values.appointmentDate,
                frequency: values.frequency,
                comments: values.comments,
                locale,
              },
              idempotencyKey,
            },
            {
              onSuccess: (series) => {
                notifySuccess(t('series.change.created'));
                void navigate(seriesHref(series.seriesId, 'admin'));
              },
            },
          );
        }}
        onCancel={() => void navigate(backHref)}
      />
    );
  }

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('admin.series.addIntro')}</Text>
        </Stack>
        {content}
      </Stack>
    </Container>
  );
}
