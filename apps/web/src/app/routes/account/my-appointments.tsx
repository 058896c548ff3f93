import { appointmentSchema, type Appointment } from '@eclat/shared';
import { Alert, Button, Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileDollar, IconHeartHandshake, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Link } from '@/lib/navigation';

import { confirmDanger } from '@/components/ui/confirm-danger';
import { notifySuccess } from '@/components/ui/notify';
import { EmptyState, LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useCancelMyAppointment } from '@/lib/api/cancel-my-appointment';
import { useMyAppointments } from '@/features/my-appointments/api/get-my-appointments';
import { ShowMore } from '@/components/ui/show-more';
import { useBusinessTimeZone } from '@/lib/business-time-zone';
import { AppointmentCard } from '@/features/my-appointments/components/appointment-card';
import {
  APPOINTMENT_FILTERS,
  filterAppointments,
  isAppointmentFilter,
  mergeNewAppointment,
  readFreshAppointment,
  type AppointmentFilter,
  type MyAppointmentsState,
} from '@/lib/appointment-list';
import { toErrorCode } from '@/lib/api-client';
import { VerifyEmailBanner } from '@/features/email-verification/components/verify-email-banner';
import { useMySeries } from '@/features/series/api/get-my-series';
import { SeriesCard } from '@/features/series/components/series-card';
import { groupMyAppointments } from '@/features/series/grouping';
import { useSession } from '@/lib/auth/session';
import { useLanguage } from '@/lib/i18n';
import { usePageMeta } from '@/lib/use-page-meta';
import { usePaymentsShown } from '@/lib/api/get-payments-policy';
import { VisitPaymentDetails } from '@/features/payments/components/visit-payment-details';
import { useVisitPayments } from '@/features/payments/api/get-visit-payments';
import { useMyAppointment } from '@/features/my-appointments/api/get-my-appointment';
import { AddTipDialog } from '@/features/payments/components/add-tip-dialog';
import { usePaymentConfirmations } from '@/features/payments/api/payment-confirmations';
import { ConfirmWithBank } from '@/features/payments/components/confirm-with-bank';
import { ConfirmationReturn } from '@/features/payments/components/confirmation-return';
import { offersTip } from '@/features/payments/tip-amounts';
import { useLateCancellationPolicy } from '@/lib/api/get-late-cancellation-policy';
import { useSelfServicePolicy } from '@/lib/api/get-self-service-policy';
import { formatCents } from '@eclat/shared';
import { formatBusinessDateTime } from '@/lib/business-time';

function parseAppointment(value: unknown): Appointment | null {
  const parsed = appointmentSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Spec §2 My appointments, §4, §8: the signed-in user's appointments, newest first, filtered by
 * status, refetched every 30 s; the one checkout just booked is merged in when the first fetch
 * (less than a second later) does not have it yet. Cancel asks first; the appointment then shows
 * under the cancelled filter only.
 */
export function MyAppointmentsRoute() {
  const { t } = useTranslation();
  const { title } = usePageMeta('myAppointments');
  const location = useLocation();
  const navigate = useNavigate();
  const locale = useLanguage();
  const { email } = useSession();

  const [fresh] = useState(() => readFreshAppointment(location.state, parseAppointment));
  const [isBooked, setIsBooked] = useState(
    () => (location.state as MyAppointmentsState | null)?.isBooked === true,
  );
  const [filter, setFilter] = useState<AppointmentFilter>('all');
  const [cancelError, setCancelError] = useState<string | null>(null);
  // Four French labels do not fit side by side on a phone: the filter stacks there.
  const isNarrow = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });

  const list = useMyAppointments({ enabled: Boolean(email) });
  const mySeries = useMySeries({ enabled: Boolean(email) });
  const timeZone = useBusinessTimeZone();
  const cancel = useCancelMyAppointment();
  const payments = usePaymentsShown();
  const lateCancellation = useLateCancellationPolicy();
  const selfService = useSelfServicePolicy();
  // Decision 057: the owner's fee for a cancel inside the cut-off (null: "call us").
  const lateFeeCents = lateCancellation.data?.policy === 'fee' ? lateCancellation.data.feeCents : null;
  // "Add a tip" (PAYMENTS=stripe): the visit it is open for; `?tip=<id>` (the feedback email) opens it.
  const [searchParams, setSearchParams] = useSearchParams();
  const [tipFor, setTipFor] = useState<string | null>(() => searchParams.get('tip'));
  const tipsByCard = payments.mode === 'stripe';
  // Decision 060: the visits whose payment waits for the bank, and the way back from its page.
  const confirmations = usePaymentConfirmations({ enabled: tipsByCard && Boolean(email) });
  const confirmationOf = useMemo(
    () => new Map((confirmations.data ?? []).map((item) => [item.appointmentId, item])),
    [confirmations.data],
  );
  const [confirmReturn, setConfirmReturn] = useState<{
    outcome: 'confirmed' | 'cancelled';
    sessionId: string | null;
  } | null>(() => {
    const outcome = searchParams.get('payment');
    return outcome === 'confirmed' || outcome === 'cancelled'
      ? { outcome, sessionId: searchParams.get('session') }
      : null;
  });

  // The booking notice and the fresh appointment are read once: a reload must not show them again.
  useEffect(() => {
    if (location.state !== null) void navigate(location.pathname, { replace: true, state: null });
  }, [location.pathname, location.state, navigate]);

  const merged = useMemo(
    () => (list.data ? mergeNewAppointment(list.items, fresh, list.dataUpdatedAt) : []),
    [list.data, list.items, list.dataUpdatedAt, fresh],
  );
  // Decision 020: a series shows as one card; its visits are not repeated in the list below.
  const grouped = useMemo(() => groupMyAppointments(merged, mySeries.data ?? []), [merged, mySeries.data]);
  const shown = filterAppointments(grouped.loose, filter);
  // Issue 29: each listed visit's payment (the one just booked shows its own once the list has it).
  const paymentOf = useMemo(
    () => new Map(list.items.map((item) => [item.appointmentId, item.payment])),
    [list.items],
  );
  const hasSeries = grouped.series.length > 0;

  // The feedback email's link (`?tip=<id>`), the "Payment needed" email's (`?confirm=<id>`) and the way
  // back from the payment page (`?payment=…&session=…`) are read once, then taken out of the address.
  const hasLinkParams = ['tip', 'confirm', 'payment', 'session'].some((name) => searchParams.has(name));
  useEffect(() => {
    if (!hasLinkParams) return;
    setSearchParams(
      (params) => {
        for (const name of ['tip', 'confirm', 'payment', 'session']) params.delete(name);
        return params;
      },
      { replace: true },
    );
  }, [hasLinkParams, setSearchParams]);
  const listedTipVisit = tipFor ? list.items.find((item) => item.appointmentId === tipFor) : undefined;
  // Decision 061: a visit beyond the list's first page (an older one) is read by its id, with its money.
  const readsTipVisit = tipsByCard && tipFor !== null && list.isSuccess && listedTipVisit === undefined;
  const ownTipVisit = useMyAppointment(tipFor ?? '', { enabled: readsTipVisit });
  const ownTipMoney = useVisitPayments(tipFor ?? '', {
    enabled: readsTipVisit && ownTipVisit.data !== undefined && offersTip(ownTipVisit.data),
  });
  const tipVisit = listedTipVisit ?? (readsTipVisit ? ownTipVisit.data : undefined);
  const tipTotalCents = listedTipVisit
    ? (listedTipVisit.payment?.totalCents ?? 0)
    : ownTipMoney.data?.money.totalCents;
  // Open once the visit is known, may be tipped, and its total is known.
  const isTipOpen =
    tipsByCard && tipVisit !== undefined && offersTip(tipVisit) && tipTotalCents !== undefined;

  const confirmWithBank = (appointment: Appointment) => {
    const confirmation = confirmationOf.get(appointment.appointmentId);
    if (!confirmation || !timeZone.data) return null;
    const visitLabel = formatBusinessDateTime(appointment.appointmentDate, timeZone.data, locale);
    return <ConfirmWithBank confirmation={confirmation} visitLabel={visitLabel} />;
  };

  const confirmCancel = (appointment: Appointment, late = false) => {
    // Inside the cut-off with a fee (decision 057): the fee is named before the customer confirms.
    const feeText =
      late && lateFeeCents !== null
        ? t(tipsByCard ? 'cardCharges.lateCancel.confirmCard' : 'cardCharges.lateCancel.confirmOwed', {
            amount: formatCents(lateFeeCents, locale),
            count: selfService.data?.changeCutoffHours ?? 0,
            hours: selfService.data?.changeCutoffHours ?? 0,
          })
        : null;
    confirmDanger(t, {
      title: t('myAppointments.cancelTitle'),
      text: feeText ?? t('myAppointments.cancelConfirm'),
      confirm: t('myAppointments.cancelYes'),
      cancel: t('myAppointments.keep'),
      onConfirm: () => {
        setCancelError(null);
        setIsBooked(false);
        cancel.mutate(appointment.appointmentId, {
          onSuccess: () => {
            notifySuccess(t('myAppointments.cancelled'));
          },
          onError: (error) => {
            // A visit that has started or is done: that alone is the reason, not a failure to retry.
            const code = toErrorCode(error);
            setCancelError(
              code === 'APPOINTMENT_CLOSED' || code === 'TOO_LATE_TO_CHANGE'
                ? t(`errors.${code}`)
                : t('myAppointments.errors.delete'),
            );
          },
        });
      },
    });
  };

  let content;
  if (!email) {
    content = (
      <Alert color="red" role="alert">
        {t('myAppointments.errors.noEmail')}
      </Alert>
    );
  } else if (list.isPending || timeZone.isPending) {
    content = <LoadingSkeleton count={3} height={180} radius="md" gap="md" />;
  } else if (list.isError || timeZone.isError) {
    content = (
      <LoadErrorAlert
        message={t('myAppointments.errors.load')}
        onRetry={() => {
          void list.refetch();
          void timeZone.refetch();
        }}
      />
    );
  } else if (shown.length === 0) {
    content = (
      <EmptyState size="lg">
        {filter === 'all'
          ? hasSeries
            ? t('series.mine.noOthers')
            : t('myAppointments.empty')
          : t('myAppointments.emptyStatus', { status: t(`myAppointments.statusInSentence.${filter}`) })}
      </EmptyState>
    );
  } else {
    content = (
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {shown.map((appointment) => (
          <li key={appointment.appointmentId}>
            <AppointmentCard
              appointment={appointment}
              timeZone={timeZone.data}
              locale={locale}
              editHref={paths.editMyAppointment.getHref(appointment.appointmentId)}
              onCancel={() => {
                confirmCancel(appointment);
              }}
              lateCancel={
                lateFeeCents === null
                  ? undefined
                  : {
                      fee: formatCents(lateFeeCents, locale),
                      onCancel: () => {
                        confirmCancel(appointment, true);
                      },
                    }
              }
              isCancelling={cancel.isPending && cancel.variables === appointment.appointmentId}
              payment={paymentOf.get(appointment.appointmentId)}
              paymentDetails={
                payments.isShown && paymentOf.get(appointment.appointmentId) ? (
                  <>
                    <VisitPaymentDetails
                      appointmentId={appointment.appointmentId}
                      label={t('payments.details.label', {
                        dateTime: formatBusinessDateTime(appointment.appointmentDate, timeZone.data, locale),
                      })}
                    />
                    {confirmWithBank(appointment)}
                    {tipsByCard && offersTip(appointment) && (
                      <Group>
                        <Button
                          variant="light"
                          leftSection={<IconHeartHandshake size={16} aria-hidden="true" />}
                          aria-label={t('cardCharges.tip.openLabel', {
                            dateTime: formatBusinessDateTime(
                              appointment.appointmentDate,
                              timeZone.data,
                              locale,
                            ),
                          })}
                          onClick={() => {
                            setTipFor(appointment.appointmentId);
                          }}
                        >
                          {t('cardCharges.tip.open')}
                        </Button>
                      </Group>
                    )}
                  </>
                ) : undefined
              }
            />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1}>{title}</Title>
            {email && (
              <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('myAppointments.showingFor')}{' '}
                <Text span fw={700} c="var(--mantine-color-text)">
                  {email}
                </Text>
              </Text>
            )}
          </Stack>
          <Group gap="sm">
            <Button
              component={Link}
              to={paths.myQuotes.getHref()}
              variant="default"
              leftSection={<IconFileDollar size={18} aria-hidden="true" />}
            >
              {t('quotes.mine.link')}
            </Button>
            <Button
              component={Link}
              to={paths.services.getHref()}
              variant="light"
              leftSection={<IconPlus size={18} aria-hidden="true" />}
            >
              {t('myAppointments.bookNew')}
            </Button>
          </Group>
        </Group>
        <VerifyEmailBanner />

        {isBooked && (
          <Alert
            color="teal"
            role="status"
            withCloseButton
            closeButtonLabel={t('common.dismiss')}
            onClose={() => {
              setIsBooked(false);
            }}
          >
            {t('checkout.success')}
          </Alert>
        )}
        {confirmReturn && (
          <ConfirmationReturn
            outcome={confirmReturn.outcome}
            sessionId={confirmReturn.sessionId}
            onClose={() => {
              setConfirmReturn(null);
            }}
          />
        )}
        {cancelError && (
          <Alert color="red" role="alert">
            {cancelError}
          </Alert>
        )}

        {email && mySeries.isError && (
          <LoadErrorAlert message={t('series.mine.loadError')} onRetry={() => void mySeries.refetch()} />
        )}
        {hasSeries && timeZone.data && (
          <Stack gap="md" component="section" aria-labelledby="my-series-heading">
            <Title order={2} size="h3" id="my-series-heading">
              {t('series.mine.heading')}
            </Title>
            <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
              {grouped.series.map((series) => (
                <li key={series.seriesId}>
                  <SeriesCard series={series} locale={locale} audience="customer" />
                </li>
              ))}
            </Stack>
          </Stack>
        )}
        {hasSeries && timeZone.data && (
          <Title order={2} size="h3">
            {t('series.mine.visitsHeading')}
          </Title>
        )}

        <SegmentedControl
          aria-label={t('myAppointments.filterLabel')}
          value={filter}
          onChange={(value) => {
            if (isAppointmentFilter(value)) setFilter(value);
          }}
          data={APPOINTMENT_FILTERS.map((value) => ({ value, label: t(`myAppointments.filters.${value}`) }))}
          fullWidth
          orientation={isNarrow ? 'vertical' : 'horizontal'}
          maw={560}
        />

        {content}
        {list.isSuccess && <ShowMore list={list} shown={merged.length} />}
        {tipsByCard && (
          <AddTipDialog
            appointmentId={tipFor ?? ''}
            totalCents={tipTotalCents ?? 0}
            opened={isTipOpen}
            onClose={() => {
              setTipFor(null);
            }}
          />
        )}
      </Stack>
    </Container>
  );
}
