import { addDays, formatCents, payCsvFileName, type PayReport } from '@eclat/shared';
import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconChevronLeft, IconChevronRight, IconFileTypeCsv } from '@tabler/icons-react';

import { EmptyState, LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { useErrorToast } from '@/lib/error-toast';
import { formatDay } from '@/lib/format-day';
import { useLanguage, useTranslation } from '@/lib/i18n';
import { saveBlob } from '@/lib/save-blob';

import { getPayCsv, usePayReport } from '../api/pay';
import { RateValue } from './pay-terms-card';
import { ScrollRegion } from './scroll-region';

/** Minutes as hours and minutes ("3 h 15"), signed when asked ("+15 min", "−13 min"). */
const hoursText = (minutes: number) =>
  `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
const signedMinutes = (minutes: number) => (minutes > 0 ? `+${minutes}` : minutes < 0 ? `−${-minutes}` : '0');

function CsvButton({ report }: { report: PayReport }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const showError = useErrorToast();
  const download = useMutation({
    mutationFn: async () => {
      saveBlob(await getPayCsv(report, locale), payCsvFileName(report.period, report.employee.id));
    },
    onError: showError,
  });
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypeCsv size={18} aria-hidden="true" />}
      loading={download.isPending}
      onClick={() => {
        download.mutate();
      }}
    >
      {t('pay.report.csv')}
    </Button>
  );
}

function Totals({ report }: { report: PayReport }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const { totals } = report;
  const figures = [
    ['visits', String(totals.visits)],
    ['worked', hoursText(totals.workedMinutes)],
    ['difference', t('pay.report.minutes', { minutes: signedMinutes(totals.differenceMinutes) })],
    ['travel', t('pay.report.minutes', { minutes: totals.travelMinutes })],
    ['pay', formatCents(totals.payCents, locale)],
    ['tips', formatCents(totals.tipsCents, locale)],
  ] as const;
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm" m={0}>
      {figures.map(([key, value]) => (
        <Box key={key}>
          <Text component="dt" size="sm" c="dimmed" lh={1.3}>
            {t(`pay.report.totals.${key}`)}
          </Text>
          <Text component="dd" m={0} fz={22} fw={700} lh={1.2}>
            {value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

function VisitsTable({ report }: { report: PayReport }) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const column = (key: string) => t(`pay.report.columns.${key}`);
  return (
    <ScrollRegion label={t('pay.report.table')}>
      <Table striped miw={760}>
        <Table.Thead>
          <Table.Tr>
            {['date', 'customer', 'planned', 'worked', 'difference', 'travel', 'rate', 'pay'].map((key) => (
              <Table.Th key={key} scope="col">
                {column(key)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.visits.map((visit) => (
            <Table.Tr key={visit.appointmentId}>
              <Table.Td>{formatDay(visit.date, locale, 'short')}</Table.Td>
              <Table.Td>{visit.customerName}</Table.Td>
              <Table.Td>{hoursText(visit.plannedMinutes)}</Table.Td>
              <Table.Td>
                {hoursText(visit.workedMinutes)}
                {visit.workedFrom === 'planned' && (
                  <Badge ml="xs" variant="light" color="gray" size="sm">
                    {t('pay.report.fromPlan')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {t('pay.report.minutes', { minutes: signedMinutes(visit.differenceMinutes) })}
              </Table.Td>
              <Table.Td>{t('pay.report.minutes', { minutes: visit.travelMinutes })}</Table.Td>
              <Table.Td>{visit.rate ? <RateValue rate={visit.rate} /> : t('pay.report.noRate')}</Table.Td>
              <Table.Td>{formatCents(visit.payCents, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/**
 * An employee's pay period (issue 30 §6, decision 066): the previous and next periods, the totals, each
 * completed visit (planned and worked time, travel, the terms of its day, pay), the tips received, and
 * the same figures as CSV. `date` is a day of the period (empty: today's period, the server's clock).
 */
export function PayReportCard({
  employeeId,
  date,
  onDateChange,
}: {
  employeeId: string;
  date: string;
  onDateChange: (date: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const report = usePayReport(employeeId, date);
  const data = report.data?.employee.id === employeeId ? report.data : undefined;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="pay-report-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h3" id="pay-report-title">
              {t('pay.report.title')}
            </Title>
            {data && (
              <Text aria-live="polite">
                {t('pay.report.period', {
                  from: formatDay(data.period.from, locale),
                  to: formatDay(data.period.to, locale),
                })}
              </Text>
            )}
          </Stack>
          {data && (
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconChevronLeft size={16} aria-hidden="true" />}
                disabled={report.isFetching}
                onClick={() => {
                  onDateChange(addDays(data.period.from, -1));
                }}
              >
                {t('pay.report.previous')}
              </Button>
              <Button
                variant="default"
                rightSection={<IconChevronRight size={16} aria-hidden="true" />}
                disabled={report.isFetching}
                onClick={() => {
                  onDateChange(addDays(data.period.to, 1));
                }}
              >
                {t('pay.report.next')}
              </Button>
              <CsvButton report={data} />
            </Group>
          )}
        </Group>
        {report.isError ? (
          <LoadErrorAlert message={t('pay.report.loadError')} onRetry={() => void report.refetch()} />
        ) : !data ? (
          <LoadingSkeleton count={4} />
        ) : (
          <>
            <Totals report={data} />
            <Text size="sm" c="dimmed">
              {t(`pay.report.travelRule.${data.travelRule}`)}
            </Text>
            {data.visits.length === 0 ? (
              <EmptyState>{t('pay.report.empty')}</EmptyState>
            ) : (
              <VisitsTable report={data} />
            )}
            {data.tips.length > 0 && (
              <Stack gap={4}>
                <Title order={3} size="h5">
                  {t('pay.report.tips')}
                </Title>
                <Stack component="ul" gap={2} m={0} pl="md">
                  {data.tips.map((tip) => (
                    <Text component="li" key={`${tip.appointmentId}-${tip.receivedAt}`} size="sm">
                      {t('pay.report.tipLine', {
                        date: formatDay(tip.visitDate, locale, 'short'),
                        amount: formatCents(tip.cents, locale),
                      })}
                    </Text>
                  ))}
                </Stack>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
