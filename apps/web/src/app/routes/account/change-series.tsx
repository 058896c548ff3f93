import { fromLocal, type SeriesDetail } from '@eclat/shared';
import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

import { notifySuccess } from '@/components/ui/notify';
import { BlockSkeleton, LoadErrorAlert } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { adminTabHref } from '@/lib/admin-tabs';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { toZonedIsoDate } from '@/lib/business-time';
import { useChangeSeries } from '@/features/series/api/change-series';
import { useRecurringDiscounts } from '@/features/series/api/get-recurring-discounts';
import { useSeries } from '@/features/series/api/get-series';
import { SeriesPlanForm } from '@/features/series/components/series-plan-form';
import { seriesFailureKey } from '@/features/series/failure';
import { upcomingVisits } from '@/features/series/grouping';
import { readSeriesParams, type SeriesAudience } from '@/features/series/links';
import { rhythmText } from '@/features/series/rhythm';
import { useServices } from '@/lib/api/get-services';
import { isApiError } from '@/lib/api-client';
import { i18n, useLanguage, useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';
import { usePageMeta } from '@/lib/use-page-meta';

type ChangeFormProps = {
  series: SeriesDetail;
  from: string | null;
  audience: SeriesAudience;
  backHref: string;
};

function ChangeSeriesForm({ series, from, audience, backHref }: ChangeFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLanguage();
  const services = useServices(audience === 'admin' ? 'admin' : 'public');
  const discounts = useRecurringDiscounts();
  const change = useChangeSeries();
  const [openedAt] = useState(() => new Date());
  const zone = series.timeZone;
  const today = toZonedIsoDate(openedAt, zone);
  const coming = upcomingVisits(series.visits).filter((visit) => visit.status !== 'cancelled');
  // The day the change starts at: the visit it was asked from, else the next visit, else today.
  const nextDay = coming[0] ? toZonedIsoDate(new Date(coming[0].appointmentDate), zone) : null;
  const [startDay] = useState(() => from ?? nextDay ?? today);
  const [initialSelected] = useState(() =>
    startDay >= today ? fromLocal(startDay, series.hour, 0, zone).toISOString() : null,
  );

  // The catalogue plus the series' own services, even if withdrawn since.
  const options = new Map<string, { value: string; label: string; price: number }>();
  for (const service of services.data ?? []) {
    options.set(service.serviceId, {
      value: service.serviceId,
      label: service.title,
      price: service.pricing,
    });
  }
  for (const line of series.serviceDetails) {
    if (line.serviceId && !options.has(line.serviceId))
      options.set(line.serviceId, { value: line.serviceId, label: line.title, price: line.price });
  }

  const failure = change.error;
  let formError: string | null = null;
  if (failure) {
    const key = isApiError(failure) ? seriesFailureKey(failure) : 'errors.INTERNAL_ERROR';
    formError = `${t('series.change.error')} ${i18n.exists(key) ? t(key) : ''}`.trim();
  }

  if (services.isPending) return <BlockSkeleton height={480} />;

  return (
    <SeriesPlanForm
      mode="change"
      initialValues={{
        serviceIds: series.serviceDetails.flatMap((line) => (line.serviceId ? [line.serviceId] : [])),
        date: startDay,
        selected: initialSelected,
        frequency: series.frequency,
        comments: series.comments ?? '',
        home: { home: series.home, extraIds: series.extraIds },
      }}
      services={[...options.values()]}
      discounts={discounts.data}
      ownVisits={coming}
      timeZone={zone}
      today={today}
      locale={locale}
      isSubmitting={change.isPending}
      formError={formError}
      onSubmit={(values) => {
        change.mutate(
          {
            seriesId: series.seriesId,
            input: {
              serviceIds: values.serviceIds,
              appointmentDate: values.appointmentDate,
              frequency: values.frequency,
              comments: values.comments,
            },
          },
          {
            onSuccess: () => {
              notifySuccess(t('series.change.saved'));
              void navigate(backHref);
            },
          },
        );
      }}
      onCancel={() => void navigate(backHref)}
    />
  );
}

/**
 * Change all future visits of a recurring cleaning (decision 020, `PUT /series/{id}`): the first visit
 * of the new plan (the booking's slot picker), the services, the frequency and the comments. Opened
 * from a visit ("this and all future visits"), the calendar starts on that visit's day.
 */
export function ChangeSeriesRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('changeSeries');
  const { seriesId } = useParams();
  const location = useLocation();
  const locale = useLanguage();
  const { from, audience } = readSeriesParams(location.search);
  const series = useSeries(seriesId);
  const timeZone = useBusinessTimeZone();
  const backHref = audience === 'admin' ? adminTabHref('recurring') : paths.myAppointments.getHref();
  const back = (
    <Anchor component={Link} to={backHref} size="sm">
      {audience === 'admin' ? t('series.page.backAdmin') : t('series.page.back')}
    </Anchor>
  );

  let content;
  if (series.isPending || timeZone.isPending) {
    content = <BlockSkeleton height={480} />;
  } else if (series.isError) {
    content = (
      <LoadErrorAlert
        message={t('series.change.loadError')}
        onRetry={() => void series.refetch()}
        action={back}
      />
    );
  } else if (series.data.status === 'cancelled') {
    content = (
      <Alert color="yellow" role="status">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('series.change.cancelledNote')}</Text>
          {back}
        </Stack>
      </Alert>
    );
  } else {
    const rhythm = rhythmText(series.data, locale);
    content = (
      <Stack gap="md">
        <Text fw={600}>{t('series.change.current', { rhythm: t(rhythm.key, rhythm.values) })}</Text>
        <ChangeSeriesForm
          key={series.data.seriesId}
          series={series.data}
          from={from}
          audience={audience}
          backHref={backHref}
        />
      </Stack>
    );
  }

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('series.change.intro')}</Text>
        </Stack>
        {content}
      </Stack>
    </Container>
  );
}
