import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useLocation, useParams } from 'react-router';

import { BlockSkeleton, LoadErrorAlert } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { adminTabHref } from '@/lib/admin-tabs';
import { useSeries } from '@/features/series/api/get-series';
import { SeriesCard } from '@/features/series/components/series-card';
import { readSeriesParams } from '@/features/series/links';
import { useLanguage, useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';
import { usePageMeta } from '@/lib/use-page-meta';

/**
 * One recurring cleaning and its upcoming visits (decision 020), with every change the card offers:
 * its customer comes from My Appointments, an admin from the Recurring tab (`?back=admin`).
 */
export function SeriesRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('series');
  const { seriesId } = useParams();
  const location = useLocation();
  const locale = useLanguage();
  const { audience } = readSeriesParams(location.search);
  const series = useSeries(seriesId);
  const backHref = audience === 'admin' ? adminTabHref('recurring') : paths.myAppointments.getHref();
  const back = (
    <Anchor component={Link} to={backHref} size="sm">
      <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: 'middle' }} />{' '}
      {audience === 'admin' ? t('series.page.backAdmin') : t('series.page.back')}
    </Anchor>
  );

  let content;
  if (series.isPending) {
    content = <BlockSkeleton height={360} />;
  } else if (series.isError) {
    content = (
      <LoadErrorAlert
        message={t('series.change.loadError')}
        onRetry={() => void series.refetch()}
        action={back}
      />
    );
  } else {
    content = (
      <SeriesCard series={series.data} locale={locale} audience={audience} isExpanded headingOrder={2} />
    );
  }

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          {back}
          <Title order={1}>{title}</Title>
          {series.data && audience === 'admin' && (
            <Text c="dimmed">
              {t('admin.series.seriesTitle', {
                name: `${series.data.customerFirstName} ${series.data.customerLastName}`,
              })}
            </Text>
          )}
        </Stack>
        {content}
      </Stack>
    </Container>
  );
}
