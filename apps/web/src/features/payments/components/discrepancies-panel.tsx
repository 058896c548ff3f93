import { useBusinessTimeZone } from '@/lib/business-time-zone';
import {
  MAX_RESOLUTION_NOTE,
  formatCents,
  resolveDiscrepancyBodySchema,
  type PaymentDiscrepancy,
} from '@eclat/shared';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';

import { notifySuccess } from '@/components/ui/notify';
import { PageControls } from '@/components/ui/page-controls';
import { EmptyState, LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { toErrorCode } from '@/lib/api-client';
import { useErrorToast } from '@/lib/error-toast';
import { toIntlLocale } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { useDiscrepancies, useResolveDiscrepancy } from '../api/discrepancies';

/** The admin's note: the shared schema's rule, its message key shown under the field. */
function ResolveForm({ discrepancy, onDone }: { discrepancy: PaymentDiscrepancy; onDone: () => void }) {
  const { t } = useTranslation();
  const resolve = useResolveDiscrepancy();
  const showError = useErrorToast();
  const [note, setNote] = useState(discrepancy.resolutionNote ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (resolve.isPending) return;
    const checked = resolveDiscrepancyBodySchema.safeParse({ note });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'validation.required');
      return;
    }
    setError(null);
    resolve.mutate(
      { id: discrepancy.id, body: checked.data },
      {
        onSuccess: () => {
          notifySuccess(t('payments.discrepancies.resolved'));
          onDone();
        },
        onError: showError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t('payments.discrepancies.resolveIntro', {
            kind: t(`payments.discrepancies.kinds.${discrepancy.kind}`),
          })}
        </Text>
        <Textarea
          label={t('payments.discrepancies.note')}
          description={t('payments.discrepancies.noteHint')}
          value={note}
          onChange={(event) => {
            setNote(event.currentTarget.value);
          }}
          error={error ? t(error, { max: MAX_RESOLUTION_NOTE }) : undefined}
          maxLength={MAX_RESOLUTION_NOTE}
          autosize
          minRows={3}
          required
          data-autofocus
        />
        <Group justify="flex-end">
          <Button type="submit" loading={resolve.isPending}>
            {t('payments.discrepancies.markResolved')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The office's view of the reconciliation with Stripe (PAYMENTS=stripe, decisions 058 and 061): each
 * difference with its visit, its kind, Stripe's amount and when it was found; those still to look at
 * first, each with "Mark resolved" (a note of what was done). Repaired ones say so. 20 a page.
 */
export function DiscrepanciesPanel() {
  const { t } = useTranslation();
  const locale = useLanguage();
  const [page, setPage] = useState(1);
  const list = useDiscrepancies(page - 1);
  const [resolving, setResolving] = useState<PaymentDiscrepancy | null>(null);
  // In the business time zone, as every time the office reads (the ledger's among them).
  const businessTimeZone = useBusinessTimeZone();
  const timeZone = businessTimeZone.data;
  const dateTime = new Intl.DateTimeFormat(toIntlLocale(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  });

  if (list.isPending || businessTimeZone.isPending) return <LoadingSkeleton count={4} />;
  if (list.isError) {
    const code = toErrorCode(list.error);
    return (
      <LoadErrorAlert
        title={t('payments.discrepancies.loadErrorTitle')}
        message={code === 'INTERNAL_ERROR' ? t('payments.discrepancies.loadError') : t(`errors.${code}`)}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (list.data.totalElements === 0) return <EmptyState>{t('payments.discrepancies.empty')}</EmptyState>;

  return (
    <Stack gap="sm">
      <Text c="dimmed" id="discrepancies-caption" role="status">
        {t('payments.discrepancies.caption', { count: list.data.openCount })}
      </Text>
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="sm" striped aria-labelledby="discrepancies-caption">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('payments.discrepancies.columns.found')}</Table.Th>
              <Table.Th scope="col">{t('payments.discrepancies.columns.kind')}</Table.Th>
              <Table.Th scope="col">{t('payments.discrepancies.columns.visit')}</Table.Th>
              <Table.Th scope="col">{t('payments.discrepancies.columns.amount')}</Table.Th>
              <Table.Th scope="col">{t('payments.discrepancies.columns.stripe')}</Table.Th>
              <Table.Th scope="col">{t('payments.discrepancies.columns.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.content.map((item) => {
              const kind = t(`payments.discrepancies.kinds.${item.kind}`);
              return (
                <Table.Tr key={item.id} data-testid="discrepancy-row">
                  <Table.Td>
                    <time dateTime={item.foundAt}>{dateTime.format(new Date(item.foundAt))}</time>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      <Text size="sm" fw={600}>
                        {kind}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`payments.discrepancies.explain.${item.kind}`)}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    {item.appointmentId && item.visitExists ? (
                      <Anchor
                        component={Link}
                        to={paths.editAppointment.getHref(item.appointmentId)}
                        size="sm"
                      >
                        {t('payments.discrepancies.openVisit')}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t(
                          item.appointmentId
                            ? 'payments.discrepancies.visitGone'
                            : 'payments.discrepancies.noVisit',
                        )}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{item.cents === null ? '—' : formatCents(item.cents, locale)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="xs" ff="monospace">
                      {item.providerObjectId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={6} align="flex-start">
                      {item.repaired && (
                        <Badge color="teal" variant="light">
                          {t('payments.discrepancies.repaired')}
                        </Badge>
                      )}
                      {item.resolvedAt ? (
                        <>
                          <Badge color="gray" variant="light">
                            {t('payments.discrepancies.resolvedOn', {
                              date: dateTime.format(new Date(item.resolvedAt)),
                            })}
                          </Badge>
                          {item.resolutionNote && <Text size="sm">{item.resolutionNote}</Text>}
                        </>
                      ) : (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconCircleCheck size={14} aria-hidden="true" />}
                          aria-label={t('payments.discrepancies.markResolvedLabel', {
                            kind,
                            date: dateTime.format(new Date(item.foundAt)),
                          })}
                          onClick={() => {
                            setResolving(item);
                          }}
                        >
                          {t('payments.discrepancies.markResolved')}
                        </Button>
                      )}
                    </Stack>
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
        label={t('payments.discrepancies.pagination')}
      />
      <Modal
        opened={resolving !== null}
        onClose={() => {
          setResolving(null);
        }}
        title={t('payments.discrepancies.resolveTitle')}
        size="md"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {resolving && (
          <ResolveForm
            discrepancy={resolving}
            onDone={() => {
              setResolving(null);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
