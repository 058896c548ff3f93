import type { FailedJob } from '@eclat/shared';
import { Button, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

import { notifySuccess } from '@/components/ui/notify';
import { EmptyState, LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { useErrorToast } from '@/lib/error-toast';
import { toErrorCode } from '@/lib/api-client';
import { toIntlLocale } from '@/lib/format';
import { useLanguage, useTranslation, type TFunction } from '@/lib/i18n';

import { useFailedJobs, useRetryFailedJob } from '../api/failed-jobs';
import { describeFailedJob } from '../failed-emails';

function whatText(t: TFunction, job: FailedJob): string {
  const row = describeFailedJob(job);
  return row.template ? t(`admin.emails.templates.${row.template}`) : row.what;
}

/** The Emails tab (issue 15): emails that ran out of retries, why, and a Retry per email (admin). */
export function EmailsPanel() {
  const { t } = useTranslation();
  const locale = useLanguage();
  const failed = useFailedJobs();
  const retry = useRetryFailedJob();
  const showError = useErrorToast();
  const dateTime = new Intl.DateTimeFormat(toIntlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' });

  if (failed.isPending) return <LoadingSkeleton count={3} />;
  if (failed.isError) {
    const code = toErrorCode(failed.error);
    return (
      <LoadErrorAlert
        title={t('admin.emails.loadErrorTitle')}
        message={code === 'INTERNAL_ERROR' ? t('admin.emails.loadError') : t(`errors.${code}`)}
        onRetry={() => void failed.refetch()}
      />
    );
  }
  if (failed.data.length === 0) return <EmptyState>{t('admin.emails.empty')}</EmptyState>;

  return (
    <>
      <Text c="dimmed" id="failed-emails-caption">
        {t('admin.emails.caption')}
      </Text>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" striped aria-labelledby="failed-emails-caption">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('admin.emails.columns.what')}</Table.Th>
              <Table.Th scope="col">{t('admin.emails.columns.to')}</Table.Th>
              <Table.Th scope="col">{t('admin.emails.columns.attempts')}</Table.Th>
              <Table.Th scope="col">{t('admin.emails.columns.error')}</Table.Th>
              <Table.Th scope="col">{t('admin.emails.columns.when')}</Table.Th>
              <Table.Th scope="col">{t('admin.emails.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {failed.data.map((job) => {
              const row = describeFailedJob(job);
              const what = whatText(t, job);
              const when = job.failedAt ?? job.createdAt;
              return (
                <Table.Tr key={job.id}>
                  <Table.Td>{what}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.to ?? '—'}</Table.Td>
                  <Table.Td>{job.attempts}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" lineClamp={3}>
                      {job.lastError ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <time dateTime={when}>{dateTime.format(new Date(when))}</time>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconRefresh size={14} aria-hidden="true" />}
                      aria-label={t('admin.emails.retryLabel', { what, to: row.to ?? '—' })}
                      loading={retry.isPending && retry.variables === job.id}
                      onClick={() => {
                        retry.mutate(job.id, {
                          onSuccess: () => {
                            notifySuccess(t('admin.emails.retried'));
                          },
                          onError: showError,
                        });
                      }}
                    >
                      {t('admin.emails.retry')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
