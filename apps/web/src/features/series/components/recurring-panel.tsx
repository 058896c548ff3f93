import { APPOINTMENTS_PAGE_SIZE, SERIES_STATUSES, type SeriesStatus } from '@eclat/shared';
import { Anchor, Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconClock, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { EmptyState, LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { formatBusinessDateTime } from '@/lib/business-time';
import { formatCurrency } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { useSeriesPage } from '../api/get-series-page';
import { useVisitsNeedingTime } from '../api/get-visits-needing-time';
import { seriesHref } from '../links';
import { rhythmText } from '../rhythm';

import { NEEDS_TIME_COLOR, NeedsTimeBadge } from '@/components/ui/series-markers';
import { RecurringDiscountsForm } from './recurring-discounts-form';
import { SeriesStatusBadge } from './series-status-badge';
import { PageControls } from '@/components/ui/page-controls';

type StatusFilter = SeriesStatus | 'all';
const FILTERS: readonly StatusFilter[] = ['all', ...SERIES_STATUSES];

function isStatusFilter(value: string): value is StatusFilter {
  return (FILTERS as readonly string[]).includes(value);
}

/** The visits no cleaner could take yet, soonest first, each with a way to give it a time. */
function VisitsNeedingTime() {
  const { t } = useTranslation();
  const locale = useLanguage();
  const visits = useVisitsNeedingTime();
  const timeZone = useBusinessTimeZone();

  if (visits.isPending || timeZone.isPending) return <LoadingSkeleton count={2} height={44} />;
  if (visits.isError || timeZone.isError) {
    return (
      <LoadErrorAlert
        message={t('admin.series.needsTimeError')}
        onRetry={() => {
          void visits.refetch();
          void timeZone.refetch();
        }}
      />
    );
  }
  if (visits.data.length === 0) return <EmptyState>{t('admin.series.needsTimeEmpty')}</EmptyState>;
  const zone = timeZone.data;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" striped data-testid="needs-time-table">
        <Table.Caption>{t('admin.series.needsTimeCaption', { timeZone: zone })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('admin.series.columns.customer')}</Table.Th>
            <Table.Th scope="col">{t('admin.series.columns.dateTime')}</Table.Th>
            <Table.Th scope="col">{t('admin.series.columns.services')}</Table.Th>
            <Table.Th scope="col">{t('admin.series.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visits.data.map((visit) => {
            const dateTime = formatBusinessDateTime(visit.appointmentDate, zone, locale);
            return (
              <Table.Tr key={visit.appointmentId}>
                <Table.Th scope="row" fw={600}>
                  {visit.customerFirstName} {visit.customerLastName}
                </Table.Th>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <time dateTime={visit.appointmentDate}>{dateTime}</time>
                    <NeedsTimeBadge size="sm" />
                  </Stack>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{visit.services}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      component={Link}
                      to={paths.editAppointment.getHref(visit.appointmentId)}
                      size="xs"
                      color={NEEDS_TIME_COLOR}
                      leftSection={<IconClock size={14} aria-hidden="true" />}
                      aria-label={t('series.visit.chooseTimeLabel', { dateTime })}
                    >
                      {t('series.visit.chooseTime')}
                    </Button>
                    {visit.seriesId && (
                      <Anchor component={Link} to={seriesHref(visit.seriesId, 'admin')} size="sm">
                        {t('series.card.open')}
                      </Anchor>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Every series, newest first, six a page, filtered by status; "Open" leads to its page and changes. */
function SeriesTable() {
  const { t } = useTranslation();
  const locale = useLanguage();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const list = useSeriesPage(page - 1, APPOINTMENTS_PAGE_SIZE, filter === 'all' ? null : filter);

  let body;
  if (list.isPending) {
    body = <LoadingSkeleton count={4} height={44} />;
  } else if (list.isError) {
    body = <LoadErrorAlert message={t('admin.series.seriesError')} onRetry={() => void list.refetch()} />;
  } else if (list.data.content.length === 0) {
    body = <EmptyState>{t('admin.series.seriesEmpty')}</EmptyState>;
  } else {
    body = (
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={820}>
          <Table
            verticalSpacing="sm"
            striped
            highlightOnHover
            aria-busy={list.isFetching}
            data-testid="series-table"
          >
            <Table.Caption>{t('admin.series.seriesCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admin.series.columns.customer')}</Table.Th>
                <Table.Th scope="col">{t('admin.series.columns.rhythm')}</Table.Th>
                <Table.Th scope="col">{t('admin.series.columns.status')}</Table.Th>
                <Table.Th scope="col">{t('admin.series.columns.price')}</Table.Th>
                <Table.Th scope="col">{t('admin.series.columns.next')}</Table.Th>
                <Table.Th scope="col">{t('admin.series.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.content.map((series) => {
                const name = `${series.customerFirstName} ${series.customerLastName}`;
                const rhythm = rhythmText(series, locale);
                return (
                  <Table.Tr key={series.seriesId}>
                    <Table.Th scope="row" fw={600}>
                      {name}
                    </Table.Th>
                    <Table.Td>{t(rhythm.key, rhythm.values)}</Table.Td>
                    <Table.Td>
                      <SeriesStatusBadge status={series.status} style={{ minWidth: 'max-content' }} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {series.fullPrice > 0 ? formatCurrency(series.pricePerVisit, locale) : '—'}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <Text size="sm">
                          {series.nextVisit
                            ? formatBusinessDateTime(
                                series.nextVisit.appointmentDate,
                                series.timeZone,
                                locale,
                              )
                            : '—'}
                        </Text>
                        {series.visitsNeedingTime > 0 && (
                          <Text size="sm" c={NEEDS_TIME_COLOR} fw={600}>
                            {t('series.card.needingTime', { count: series.visitsNeedingTime })}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        component={Link}
                        to={seriesHref(series.seriesId, 'admin')}
                        size="xs"
                        variant="light"
                        aria-label={t('series.card.openLabel', { name })}
                      >
                        {t('series.card.open')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PageControls
          total={list.data.totalPages}
          page={page}
          onChange={setPage}
          label={t('admin.series.pagination')}
          pageLabel={(item) => t('admin.series.pageLabel', { page: item })}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('admin.series.statusFilter')}
        value={filter}
        onChange={(value) => {
          if (isStatusFilter(value)) {
            setFilter(value);
            setPage(1);
          }
        }}
        data={FILTERS.map((value) => ({
          value,
          label: value === 'all' ? t('admin.series.allStatuses') : t(`series.status.${value}`),
        }))}
        maw={480}
      />
      {body}
    </Stack>
  );
}

/**
 * The admin dashboard's Recurring tab (issue 14): the visits needing a time first (they need someone),
 * then every series with a way to open it, book one for a customer who calls, and the discounts.
 */
export function RecurringPanel() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <Stack gap="sm" align="flex-start">
        <Text c="dimmed" maw={640}>
          {t('admin.series.intro')}
        </Text>
        <Button
          component={Link}
          to={paths.addSeries.getHref()}
          leftSection={<IconPlus size={18} aria-hidden="true" />}
        >
          {t('admin.series.add')}
        </Button>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="needs-time-heading">
        <Title order={3} size="h4" id="needs-time-heading">
          {t('admin.series.needsTimeHeading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.series.needsTimeIntro')}
        </Text>
        <VisitsNeedingTime />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="series-list-heading">
        <Title order={3} size="h4" id="series-list-heading">
          {t('admin.series.seriesHeading')}
        </Title>
        <SeriesTable />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="discounts-heading">
        <Title order={3} size="h4" id="discounts-heading">
          {t('admin.series.discounts.heading')}
        </Title>
        <RecurringDiscountsForm />
      </Stack>
    </Stack>
  );
}
