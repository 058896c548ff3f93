import {
  MAX_TOTAL_PAGES,
  type Appointment,
  type AppointmentsFilter,
  formatCents,
  isBalanceDue,
  shownPaymentState,
} from '@eclat/shared';
import { Alert, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { EmptyState, LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { DeleteRowButton, EditRowButton } from '@/components/ui/row-actions';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';
import { NeedsTimeBadge, RecurringMarker } from '@/components/ui/series-markers';
import { CsvDownloadButton } from '@/components/ui/csv-download-button';

import { useDeleteStaffAppointment } from '../api/delete-staff-appointment';
import { useAppointmentsPage } from '../api/get-appointments-page';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { clampPage, toApiPage } from '../staff-table';
import { formatBusinessDate, formatBusinessDateTime, formatBusinessTime } from '@/lib/business-time';

import { AppointmentsFilterFields } from './appointments-filter';
import { PdfDownloadDialog } from './pdf-download-dialog';
import { StatusBadge } from '@/components/appointments/status-badge';
import { PageControls } from '@/components/ui/page-controls';
import { PaymentStateBadge } from '@/components/payments/payment-state-badge';
import { usePaymentsShown } from '@/lib/api/get-payments-policy';

type AppointmentsTableProps = {
  /** The page shown, counted from 1. */
  page: number;
  /** `replace`: the page shown was past the end; this one takes its place in the history. */
  onPageChange: (page: number, options?: { replace: boolean }) => void;
  /** Admin: Add Appointment, and Edit and Delete on each row (spec §2, §6). */
  canManage: boolean;
  /** The rows shown (a status, a stretch of days; empty: every appointment) and the PDF's default. */
  filter: AppointmentsFilter;
  /** A new filter shows its first page. */
  onFilterChange: (filter: AppointmentsFilter) => void;
};

/**
 * Spec §2 Appointments: every appointment, six a page (newest first), with page controls and the PDF
 * download; an admin also adds, edits and deletes. The same table is the /appointments page and the
 * admin dashboard's Appointments tab.
 */
export function AppointmentsTable({
  page,
  onPageChange,
  canManage,
  filter,
  onFilterChange,
}: AppointmentsTableProps) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const list = useAppointmentsPage(toApiPage(page), filter);
  const timeZone = useBusinessTimeZone();
  const remove = useDeleteStaffAppointment();
  // Issue 29: each visit's payment state, when the business takes payments, for the admin only (the
  // server sends an employee none of a customer's money).
  const { isShown: paymentsShown } = usePaymentsShown();
  const showsPayment = paymentsShown && canManage;
  // A visit still to come owes nothing yet (decision 061): "Not due", no "Owed".
  const now = new Date();
  const [isPdfOpen, setPdfOpen] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const isFiltered = Boolean(filter.status ?? filter.from ?? filter.to);

  // Past the last page (its last row was deleted, or an old link): show the last page instead.
  const totalPages = list.data?.totalPages;
  const isCurrent = list.data !== undefined && !list.isPlaceholderData;
  useEffect(() => {
    if (!isCurrent || totalPages === undefined) return;
    const target = clampPage(page, totalPages);
    if (target !== null) onPageChange(target, { replace: true });
  }, [isCurrent, totalPages, page, onPageChange]);

  const confirmDelete = (appointment: Appointment, zone: string) => {
    const name = `${appointment.customerFirstName} ${appointment.customerLastName}`;
    const dateTime = formatBusinessDateTime(appointment.appointmentDate, zone, locale);
    modals.openConfirmModal({
      title: t('staffAppointments.delete.title'),
      children: <Text size="sm">{t('staffAppointments.delete.text', { name, dateTime })}</Text>,
      labels: { confirm: t('staffAppointments.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setDeleteError(null);
        remove.mutate(appointment.appointmentId, {
          onSuccess: () => {
            notifications.show({
              color: 'teal',
              message: t('staffAppointments.delete.success'),
            });
          },
          onError: (error) => {
            // Spec §6: the server refuses a non-admin (also an admin whose role was removed meanwhile).
            setDeleteError(
              isApiError(error) && error.status === 403
                ? t('staffAppointments.delete.forbidden')
                : t('staffAppointments.delete.error'),
            );
          },
        });
      },
    });
  };

  let body;
  if (list.isPending || timeZone.isPending) {
    body = <LoadingSkeleton count={6} height={44} />;
  } else if (list.isError || timeZone.isError) {
    body = (
      <LoadErrorAlert
        title={t('staffAppointments.loadErrorTitle')}
        message={t('staffAppointments.loadError')}
        onRetry={() => {
          void list.refetch();
          void timeZone.refetch();
        }}
      />
    );
  } else if (list.data.content.length === 0) {
    body = (
      <EmptyState>
        {list.data.totalElements > 0
          ? t('common.loading')
          : isFiltered
            ? t('staffAppointments.emptyFiltered')
            : t('staffAppointments.empty')}
      </EmptyState>
    );
  } else {
    const zone = timeZone.data;
    const { content, totalElements } = list.data;
    body = (
      <Stack gap="md">
        {/* Under this width it scrolls sideways (a phone); from 1,024 px every column, actions included,
            is in view: Edit above Delete and a date that may wrap leave room for the Payment column
            (e2e payments-manual). */}
        <Table.ScrollContainer minWidth={canManage ? 900 : 760}>
          <Table verticalSpacing="sm" striped highlightOnHover aria-busy={list.isFetching}>
            <Table.Caption>
              {t('staffAppointments.caption', { timeZone: zone })}
              <VisuallyHidden>
                {' '}
                {t('staffAppointments.pageStatus', { page, total: list.data.totalPages })}
              </VisuallyHidden>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('staffAppointments.columns.customer')}</Table.Th>
                <Table.Th scope="col">{t('staffAppointments.columns.dateTime')}</Table.Th>
                <Table.Th scope="col">{t('staffAppointments.columns.services')}</Table.Th>
                <Table.Th scope="col">{t('staffAppointments.columns.status')}</Table.Th>
                {showsPayment && <Table.Th scope="col">{t('payments.column')}</Table.Th>}
                <Table.Th scope="col">{t('staffAppointments.columns.comments')}</Table.Th>
                {canManage && <Table.Th scope="col">{t('staffAppointments.columns.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {content.map((appointment) => {
                const name = `${appointment.customerFirstName} ${appointment.customerLastName}`;
                const dateTime = formatBusinessDateTime(appointment.appointmentDate, zone, locale);
                return (
                  <Table.Tr key={appointment.appointmentId}>
                    <Table.Th scope="row" fw={600}>
                      <Group gap={6} wrap="nowrap">
                        {name}
                        {appointment.seriesId && <RecurringMarker />}
                      </Group>
                    </Table.Th>
                    {/* The date may wrap where the window is narrow (1,024 px with payments); the time never. */}
                    <Table.Td>
                      <time dateTime={appointment.appointmentDate}>
                        {formatBusinessDate(appointment.appointmentDate, zone, locale)}
                        <br />
                        <Text span fw={600} style={{ whiteSpace: 'nowrap' }}>
                          {formatBusinessTime(appointment.appointmentDate, zone, locale)}
                        </Text>
                      </time>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{appointment.services}</Table.Td>
                    <Table.Td>
                      {/* Never squeezed to an ellipsis by a narrow column. */}
                      <Stack gap={4} align="flex-start">
                        <StatusBadge status={appointment.status} style={{ minWidth: 'max-content' }} />
                        {appointment.needsTime && <NeedsTimeBadge style={{ minWidth: 'max-content' }} />}
                      </Stack>
                    </Table.Td>
                    {showsPayment && (
                      <Table.Td data-testid="payment-cell">
                        {appointment.payment ? (
                          <Stack gap={4} align="flex-start">
                            <PaymentStateBadge
                              state={shownPaymentState(appointment.payment.state, appointment, now)}
                              style={{ minWidth: 'max-content' }}
                            />
                            {appointment.payment.owedCents > 0 &&
                              (appointment.payment.state === 'payment_needed' ||
                                isBalanceDue(appointment, now)) && (
                                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                                  {t('payments.owedShort', {
                                    amount: formatCents(appointment.payment.owedCents, locale),
                                  })}
                                </Text>
                              )}
                          </Stack>
                        ) : (
                          <Text span c="dimmed" size="sm">
                            —
                          </Text>
                        )}
                      </Table.Td>
                    )}
                    <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                      {appointment.comments ?? (
                        <Text span c="dimmed" size="sm">
                          {t('staffAppointments.noComments')}
                        </Text>
                      )}
                    </Table.Td>
                    {canManage && (
                      <Table.Td>
                        <Stack gap={6} align="stretch">
                          <EditRowButton
                            to={paths.editAppointment.getHref(appointment.appointmentId)}
                            label={t('staffAppointments.editLabel', { name, dateTime })}
                          >
                            {t('staffAppointments.edit')}
                          </EditRowButton>
                          <DeleteRowButton
                            label={t('staffAppointments.delete.label', { name, dateTime })}
                            loading={remove.isPending && remove.variables === appointment.appointmentId}
                            onClick={() => {
                              confirmDelete(appointment, zone);
                            }}
                          >
                            {t('staffAppointments.delete.button')}
                          </DeleteRowButton>
                        </Stack>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {/* Counted up to 99 pages and one row (decision 024): above that, "more than". */}
            {totalElements > MAX_TOTAL_PAGES * list.data.size
              ? t('staffAppointments.countMore', { count: MAX_TOTAL_PAGES * list.data.size })
              : t('staffAppointments.count', { count: totalElements })}
          </Text>
          <PageControls
            total={list.data.totalPages}
            page={page}
            onChange={onPageChange}
            label={t('staffAppointments.pagination')}
          />
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <AppointmentsFilterFields value={filter} onChange={onFilterChange} locale={locale} />
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={18} aria-hidden="true" />}
            onClick={() => {
              setPdfOpen(true);
            }}
          >
            {t('staffAppointments.pdf.button')}
          </Button>
          {canManage && <CsvDownloadButton kind="appointments" filter={filter} />}
          {/* The ledger's rows written on the filter's days (issue 29, decision 052). */}
          {canManage && showsPayment && (
            <CsvDownloadButton kind="payments" filter={{ from: filter.from, to: filter.to }} />
          )}
          {canManage && (
            <Button
              component={Link}
              to={paths.addAppointment.getHref()}
              leftSection={<IconPlus size={18} aria-hidden="true" />}
            >
              {t('staffAppointments.add')}
            </Button>
          )}
        </Group>
      </Group>
      <PdfDownloadDialog
        opened={isPdfOpen}
        onClose={() => {
          setPdfOpen(false);
        }}
        tableFilter={filter}
        locale={locale}
      />
      {deleteError && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={t('common.dismiss')}
          onClose={() => {
            setDeleteError(null);
          }}
        >
          {deleteError}
        </Alert>
      )}
      {body}
    </Stack>
  );
}
