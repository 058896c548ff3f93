import {
  addDays,
  formatCents,
  type Locale,
  type Overview,
  type OverviewChartWeek,
  type OverviewPayments,
  type OverviewWeek,
} from '@eclat/shared';
import { Anchor, Badge, Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';

import { LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { toErrorCode } from '@/lib/api-client';
import { useLanguage, useTranslation, type TFunction } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { useOverview } from '../api/get-overview';
import { adminTabHref } from '@/lib/admin-tabs';
import { barShares, formatCount, formatHours, formatShare, shortDay, weekDays } from '../overview';
import { LabourCard } from './labour-card';
import { BarList, ChartCard, ColumnChart, type ChartTable } from './overview-charts';

type Figure = { key: string; label: string; value: string; to?: string; alert?: boolean };

function weekFigures(t: TFunction, week: OverviewWeek, locale: Locale): Figure[] {
  return [
    { key: 'visits', label: t('admin.overview.figures.visits'), value: formatCount(week.visits, locale) },
    {
      key: 'revenue',
      label: t('admin.overview.figures.revenue'),
      value: formatCents(week.revenueCents, locale),
    },
    {
      key: 'cancellations',
      label: t('admin.overview.figures.cancellations'),
      value: formatCount(week.cancellations, locale),
    },
    {
      key: 'unassigned',
      label: t('admin.overview.figures.unassigned'),
      value: formatCount(week.unassigned, locale),
      to: paths.dispatch.getHref(),
      alert: week.unassigned > 0,
    },
    {
      key: 'flagged',
      label: t('admin.overview.figures.flagged'),
      value: formatCount(week.flagged, locale),
      to: adminTabHref('recurring'),
      alert: week.flagged > 0,
    },
  ];
}

/** This week's or next week's figures at a glance, as a description list. */
function WeekCard({ title, week }: { title: string; week: OverviewWeek }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const headingId = `overview-${week.weekStart}`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={3} size="h4" id={headingId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {weekDays(week.weekStart, locale)}
        </Text>
      </Group>
      <SimpleGrid component="dl" cols={{ base: 2, xs: 3 }} spacing="md" verticalSpacing="sm" m={0}>
        {weekFigures(t, week, locale).map((figure) => (
          <Box key={figure.key}>
            <Text component="dt" size="sm" c="dimmed" lh={1.3}>
              {figure.to ? (
                <Anchor component={Link} to={figure.to} size="sm" c="dimmed" underline="always">
                  {figure.label}
                </Anchor>
              ) : (
                figure.label
              )}
            </Text>
            <Text component="dd" m={0} fz={26} fw={700} lh={1.2} c={figure.alert ? 'orange.9' : undefined}>
              {figure.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function FailedEmails({ count }: { count: number }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="overview-failed-emails">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconMailExclamation size={22} aria-hidden="true" />
          <Stack gap={0}>
            <Title order={3} size="h4" id="overview-failed-emails">
              {t('admin.overview.failedEmails')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('admin.overview.failedEmailsHint')}
            </Text>
          </Stack>
        </Group>
        <Group gap="sm">
          <Badge size="xl" color={count > 0 ? 'red' : 'teal'} variant={count > 0 ? 'filled' : 'light'}>
            {formatCount(count, locale)}
          </Badge>
          {count > 0 && (
            <Anchor component={Link} to={adminTabHref('emails')} size="sm">
              {t('admin.overview.openEmails')}
            </Anchor>
          )}
        </Group>
      </Group>
    </Card>
  );
}

const PAYMENT_FIGURES = ['collected', 'refunded', 'outstanding', 'failed'] as const;

const paymentCents = (payments: OverviewPayments, figure: (typeof PAYMENT_FIGURES)[number]) =>
  payments[`${figure}Cents`];

/**
 * The money of the weeks (issue 29, decision 052), shown only when the server sends it (payments on):
 * this week's four figures, and what was collected per week over the twelve, with every figure of each
 * week in its table.
 */
function Payments({ overview, thisWeek }: { overview: Overview; thisWeek: OverviewPayments }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const { weeks } = overview;
  const first = weeks[0]?.weekStart ?? overview.thisWeek.weekStart;
  const last = overview.thisWeek.weekStart;
  const label = (figure: (typeof PAYMENT_FIGURES)[number]) => t(`admin.overview.payments.${figure}`);
  const table: ChartTable = {
    columns: [t('admin.overview.columns.week'), ...PAYMENT_FIGURES.map(label)],
    rows: weeks.map((week) => [
      weekDays(week.weekStart, locale),
      ...PAYMENT_FIGURES.map((figure) =>
        week.payments ? formatCents(paymentCents(week.payments, figure), locale) : '',
      ),
    ]),
  };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="overview-payments">
        <Stack gap={2} mb="sm">
          <Title order={3} size="h4" id="overview-payments">
            {t('admin.overview.payments.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('admin.overview.payments.hint')}
          </Text>
        </Stack>
        <SimpleGrid component="dl" cols={2} spacing="md" verticalSpacing="sm" m={0}>
          {PAYMENT_FIGURES.map((figure) => (
            <Box key={figure}>
              <Text component="dt" size="sm" c="dimmed" lh={1.3}>
                {label(figure)}
              </Text>
              <Text
                component="dd"
                m={0}
                fz={26}
                fw={700}
                lh={1.2}
                c={figure === 'failed' && thisWeek.failedCents > 0 ? 'red.9' : undefined}
              >
                {formatCents(paymentCents(thisWeek, figure), locale)}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Card>
      <ChartCard
        title={t('admin.overview.payments.chart')}
        summary={t('admin.overview.thisWeekValue', {
          value: formatCents(thisWeek.collectedCents, locale),
        })}
        table={table}
      >
        <ColumnChart
          values={weeks.map((week) => week.payments?.collectedCents ?? 0)}
          firstLabel={shortDay(first, locale)}
          lastLabel={shortDay(last, locale)}
        />
      </ChartCard>
    </SimpleGrid>
  );
}

function Charts({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const { weeks, utilisation, topServices } = overview;
  const first = weeks[0]?.weekStart ?? overview.thisWeek.weekStart;
  const last = overview.thisWeek.weekStart;
  const weekRows = (value: (week: OverviewChartWeek) => string) =>
    weeks.map((week) => [weekDays(week.weekStart, locale), value(week)]);
  const weekColumn = t('admin.overview.columns.week');

  const visitsTable: ChartTable = {
    columns: [weekColumn, t('admin.overview.columns.visits')],
    rows: weekRows((week) => formatCount(week.visits, locale)),
  };
  const revenueTable: ChartTable = {
    columns: [weekColumn, t('admin.overview.columns.revenue')],
    rows: weekRows((week) => formatCents(week.revenueCents, locale)),
  };
  const utilisationTable: ChartTable = {
    columns: [
      t('admin.overview.columns.employee'),
      t('admin.overview.columns.booked'),
      t('admin.overview.columns.available'),
      t('admin.overview.columns.utilisation'),
    ],
    rows: utilisation.map((person) => [
      person.name,
      t('admin.overview.hours', { hours: formatHours(person.bookedMinutes, locale) }),
      t('admin.overview.hours', { hours: formatHours(person.availableMinutes, locale) }),
      formatShare(person.utilisation, locale) ?? t('admin.overview.noShifts'),
    ]),
  };
  const servicesTable: ChartTable = {
    columns: [
      t('admin.overview.columns.service'),
      t('admin.overview.columns.visits'),
      t('admin.overview.columns.revenue'),
    ],
    rows: topServices.map((service) => [
      service.title,
      formatCount(service.visits, locale),
      formatCents(service.revenueCents, locale),
    ]),
  };
  const serviceShares = barShares(topServices.map((service) => service.visits));
  const utilisationShares = barShares(
    utilisation.map((person) => person.utilisation ?? 0),
    1,
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="overview-charts">
      <Title order={3} size="h4" id="overview-charts">
        {t('admin.overview.chartsTitle', {
          from: shortDay(first, locale),
          to: shortDay(addDays(last, 6), locale),
        })}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          title={t('admin.overview.charts.visits')}
          summary={t('admin.overview.thisWeekValue', {
            value: formatCount(overview.thisWeek.visits, locale),
          })}
          table={visitsTable}
        >
          <ColumnChart
            values={weeks.map((week) => week.visits)}
            firstLabel={shortDay(first, locale)}
            lastLabel={shortDay(last, locale)}
          />
        </ChartCard>
        <ChartCard
          title={t('admin.overview.charts.revenue')}
          summary={t('admin.overview.thisWeekValue', {
            value: formatCents(overview.thisWeek.revenueCents, locale),
          })}
          table={revenueTable}
        >
          <ColumnChart
            values={weeks.map((week) => week.revenueCents)}
            firstLabel={shortDay(first, locale)}
            lastLabel={shortDay(last, locale)}
          />
        </ChartCard>
        <ChartCard
          title={t('admin.overview.charts.utilisation')}
          summary={t('admin.overview.utilisationHint')}
          table={utilisationTable}
        >
          {utilisation.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('admin.overview.emptyUtilisation')}
            </Text>
          ) : (
            <BarList
              items={utilisation.map((person, index) => ({
                key: person.employeeId,
                label: person.name,
                value: formatShare(person.utilisation, locale) ?? t('admin.overview.noShifts'),
                share: utilisationShares[index] ?? 0,
              }))}
            />
          )}
        </ChartCard>
        <ChartCard title={t('admin.overview.charts.topServices')} table={servicesTable}>
          {topServices.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('admin.overview.emptyServices')}
            </Text>
          ) : (
            <BarList
              items={topServices.map((service, index) => ({
                key: service.serviceId ?? service.title,
                label: service.title,
                value: t('admin.overview.visitsCount', { count: service.visits }),
                share: serviceShares[index] ?? 0,
              }))}
            />
          )}
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The admin dashboard's Overview tab (issue 17, decision 030): this week and the next at a glance, the
 * failed emails, and the last 12 weeks as charts, each with its numbers as a table.
 */
export function OverviewPanel() {
  const { t } = useTranslation();
  const overview = useOverview();

  if (overview.isPending) return <LoadingSkeleton count={4} />;
  if (overview.isError) {
    const code = toErrorCode(overview.error);
    return (
      <LoadErrorAlert
        title={t('admin.overview.loadErrorTitle')}
        message={code === 'INTERNAL_ERROR' ? t('admin.overview.loadError') : t(`errors.${code}`)}
        onRetry={() => void overview.refetch()}
      />
    );
  }
  const data = overview.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <WeekCard title={t('admin.overview.thisWeek')} week={data.thisWeek} />
        <WeekCard title={t('admin.overview.nextWeek')} week={data.nextWeek} />
      </SimpleGrid>
      {data.thisWeek.payments && <Payments overview={data} thisWeek={data.thisWeek.payments} />}
      {data.labour && <LabourCard labour={data.labour} />}
      <FailedEmails count={data.failedEmails} />
      <Charts overview={data} />
    </Stack>
  );
}
