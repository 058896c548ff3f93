import type { Appointment, Locale, Series } from '@eclat/shared';
import { Alert, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarRepeat,
  IconChevronDown,
  IconChevronUp,
  IconEdit,
  IconPlayerPause,
  IconPlayerPlay,
  IconX,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';

import { confirmDanger } from '@/components/ui/confirm-danger';
import { notifySuccess } from '@/components/ui/notify';
import { LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { paths } from '@/config/paths';
import { useCustomerReach } from '@/lib/api/get-self-service-policy';
import { formatBusinessDateTime, toZonedIsoDate } from '@/lib/business-time';
import { useErrorToast } from '@/lib/error-toast';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

import { useSeries } from '../api/get-series';
import { useChangeSeriesStatus } from '../api/series-status';
import { useSkipVisit } from '../api/skip-visit';
import { upcomingVisits } from '../grouping';
import { changeSeriesHref, type SeriesAudience } from '../links';
import { rhythmText } from '../rhythm';

import { NeedsTimeBadge } from '@/components/ui/series-markers';
import { ResumeDialog } from './resume-dialog';
import { ScopeDialog } from './scope-dialog';
import { SeriesFacts } from './series-facts';
import { SeriesStatusBadge } from './series-status-badge';
import { SeriesVisitActions } from './series-visit-actions';
import { VisitLine } from './visit-line';

type SeriesCardProps = {
  series: Series;
  locale: Locale;
  /** The customer's screens (their own routes) or an admin's (the staff routes). */
  audience: SeriesAudience;
  /** Its visits listed from the start (the series page), rather than behind "Show visits". */
  isExpanded?: boolean;
  /** Heading level of the card's title inside the page. */
  headingOrder?: 2 | 3;
};

/** Long labels (French) wrap inside the button on a phone instead of being cut. */
const WRAPPING = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: 'normal' },
} as const;

type Question = { kind: 'edit' | 'cancel'; visit: Appointment } | null;

/**
 * One recurring cleaning (decision 020): its rhythm ("Every 2 weeks on Tuesday at 10:00"), status,
 * services, price per visit, next visit and the visits needing a time; its upcoming visits on demand,
 * each with Edit and Cancel (this visit only, or this and all future visits) or "Choose a time"; and
 * the series' own changes: change all future visits, pause or resume, cancel (past visits are kept).
 */
export function SeriesCard({
  series,
  locale,
  audience,
  isExpanded = false,
  headingOrder = 3,
}: SeriesCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showError = useErrorToast();
  const visitsId = useId();
  const headingId = `series-${series.seriesId}`;
  const [isOpen, setIsOpen] = useState(isExpanded);
  const [question, setQuestion] = useState<Question>(null);
  const [isResuming, setIsResuming] = useState(false);
  const detail = useSeries(isOpen ? series.seriesId : undefined);
  const statusChange = useChangeSeriesStatus();
  const skip = useSkipVisit(audience);
  const reachOf = useCustomerReach();

  const zone = series.timeZone;
  const rhythm = rhythmText(series, locale);
  const rhythmLabel = t(rhythm.key, rhythm.values);
  const isCancelled = series.status === 'cancelled';
  const customerName = `${series.customerFirstName} ${series.customerLastName}`;
  const dateTimeOf = (visit: Appointment) => formatBusinessDateTime(visit.appointmentDate, zone, locale);
  const editHref = (visit: Appointment) =>
    audience === 'customer'
      ? paths.editMyAppointment.getHref(visit.appointmentId)
      : paths.editAppointment.getHref(visit.appointmentId);

  /** Cancels the series: every upcoming visit, or from one visit on (the earlier ones still happen). */
  const confirmCancelSeries = (from?: Appointment) => {
    confirmDanger(t, {
      title: t('series.actions.cancelTitle'),
      text: from
        ? t('series.actions.cancelFromText', { dateTime: dateTimeOf(from) })
        : t('series.actions.cancelText'),
      confirm: t('series.actions.cancelConfirm'),
      cancel: t('series.actions.cancelKeep'),
      onConfirm: () => {
        statusChange.mutate(
          {
            action: 'cancel',
            seriesId: series.seriesId,
            ...(from && { from: toZonedIsoDate(new Date(from.appointmentDate), zone) }),
          },
          {
            onSuccess: () => {
              notifySuccess(t('series.actions.cancelled'));
            },
            onError: showError,
          },
        );
      },
    });
  };

  const confirmPause = () => {
    confirmDanger(t, {
      title: t('series.actions.pauseTitle'),
      text: t('series.actions.pauseText'),
      confirm: t('series.actions.pauseConfirm'),
      cancel: t('series.actions.pauseKeep'),
      onConfirm: () => {
        statusChange.mutate(
          { action: 'pause', seriesId: series.seriesId },
          {
            onSuccess: () => {
              notifySuccess(t('series.actions.paused'));
            },
            onError: showError,
          },
        );
      },
    });
  };

  const resume = (from: string | undefined) => {
    statusChange.mutate(
      { action: 'resume', seriesId: series.seriesId, ...(from && { from }) },
      {
        onSuccess: () => {
          setIsResuming(false);
          notifySuccess(t('series.actions.resumed'));
        },
        onError: showError,
      },
    );
  };

  const answer = (scope: 'thisVisit' | 'allFuture') => {
    if (!question) return;
    const { kind, visit } = question;
    setQuestion(null);
    if (kind === 'edit') {
      void navigate(
        scope === 'thisVisit'
          ? editHref(visit)
          : changeSeriesHref(series.seriesId, {
              from: toZonedIsoDate(new Date(visit.appointmentDate), zone),
              audience,
            }),
      );
      return;
    }
    if (scope === 'allFuture') {
      confirmCancelSeries(visit);
      return;
    }
    skip.mutate(visit, {
      onSuccess: () => {
        notifySuccess(t('series.actions.skipped'));
      },
      onError: showError,
    });
  };

  let visits;
  if (!isOpen) {
    visits = null;
  } else if (detail.isPending) {
    visits = <LoadingSkeleton count={3} height={44} />;
  } else if (detail.isError) {
    visits = <LoadErrorAlert message={t('series.card.visitsError')} onRetry={() => void detail.refetch()} />;
  } else {
    const coming = upcomingVisits(detail.data.visits);
    visits =
      coming.length === 0 ? (
        <Text c="dimmed" size="sm" role="status">
          {t('series.card.noVisits')}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={0}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('series.card.visitsLabel', { rhythm: rhythmLabel })}
        >
          {coming.map((visit) => {
            const dateTime = dateTimeOf(visit);
            // The office is not bound by the customers' cut-off (decision 027).
            const reach = reachOf(visit, audience === 'admin' ? 0 : undefined);
            const actions = (
              <SeriesVisitActions
                visit={visit}
                dateTime={dateTime}
                reach={isCancelled ? 'closed' : reach}
                editHref={editHref(visit)}
                isSkipping={skip.isPending && skip.variables.appointmentId === visit.appointmentId}
                onAsk={(kind) => {
                  setQuestion({ kind, visit });
                }}
              />
            );
            return (
              <VisitLine
                key={visit.appointmentId}
                visit={visit}
                timeZone={zone}
                locale={locale}
                actions={actions}
              />
            );
          })}
        </Stack>
      );
  }

  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="lg"
      aria-labelledby={headingId}
      data-testid="series-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            <IconCalendarRepeat size={24} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
            <Title order={headingOrder} size="h4" id={headingId}>
              {rhythmLabel}
            </Title>
          </Group>
          <SeriesStatusBadge status={series.status} size="lg" style={{ flexShrink: 0 }} />
        </Group>
        {audience === 'admin' && (
          <Text size="sm" fw={600}>
            {customerName}
          </Text>
        )}
        <SeriesFacts series={series} audience={audience} locale={locale} />
        {series.visitsNeedingTime > 0 && !isCancelled && (
          <Alert color="orange" p="xs" role="status" data-testid="series-needs-time">
            <Group gap="xs">
              <NeedsTimeBadge size="sm" />
              <Text size="sm">{t('series.card.needingTime', { count: series.visitsNeedingTime })}</Text>
            </Group>
          </Alert>
        )}

        <Group gap="xs" mt="xs">
          {!isExpanded && (
            <Button
              variant="subtle"
              aria-expanded={isOpen}
              aria-controls={visitsId}
              aria-label={t(isOpen ? 'series.card.hideVisitsLabel' : 'series.card.showVisitsLabel', {
                rhythm: rhythmLabel,
              })}
              leftSection={
                isOpen ? (
                  <IconChevronUp size={16} aria-hidden="true" />
                ) : (
                  <IconChevronDown size={16} aria-hidden="true" />
                )
              }
              onClick={() => {
                setIsOpen((open) => !open);
              }}
            >
              {isOpen ? t('series.card.hideVisits') : t('series.card.showVisits')}
            </Button>
          )}
        </Group>
        <Collapse expanded={isOpen} id={visitsId}>
          {visits}
        </Collapse>

        {!isCancelled && (
          <Group gap="xs" mt="xs">
            <Button
              component={Link}
              to={changeSeriesHref(series.seriesId, { audience })}
              variant="light"
              styles={WRAPPING}
              leftSection={<IconEdit size={16} aria-hidden="true" />}
              aria-label={t('series.card.changeAllLabel', { rhythm: rhythmLabel })}
            >
              {t('series.card.changeAll')}
            </Button>
            {series.status === 'active' ? (
              <Button
                variant="light"
                color="gray"
                leftSection={<IconPlayerPause size={16} aria-hidden="true" />}
                aria-label={t('series.card.pauseLabel', { rhythm: rhythmLabel })}
                loading={statusChange.isPending && statusChange.variables.action === 'pause'}
                onClick={confirmPause}
              >
                {t('series.card.pause')}
              </Button>
            ) : (
              <Button
                variant="light"
                leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
                aria-label={t('series.card.resumeLabel', { rhythm: rhythmLabel })}
                loading={statusChange.isPending && statusChange.variables.action === 'resume'}
                onClick={() => {
                  setIsResuming(true);
                }}
              >
                {t('series.card.resume')}
              </Button>
            )}
            <Button
              variant="light"
              color="red"
              styles={WRAPPING}
              leftSection={<IconX size={16} aria-hidden="true" />}
              aria-label={t('series.card.cancelLabel', { rhythm: rhythmLabel })}
              loading={statusChange.isPending && statusChange.variables.action === 'cancel'}
              onClick={() => {
                confirmCancelSeries();
              }}
            >
              {t('series.card.cancel')}
            </Button>
          </Group>
        )}
      </Stack>

      <ScopeDialog
        kind={question?.kind ?? 'edit'}
        dateTime={question ? dateTimeOf(question.visit) : ''}
        opened={question !== null}
        onClose={() => {
          setQuestion(null);
        }}
        onThisVisit={() => {
          answer('thisVisit');
        }}
        onAllFuture={() => {
          answer('allFuture');
        }}
      />
      {isResuming && (
        <ResumeDialog
          opened
          onClose={() => {
            setIsResuming(false);
          }}
          today={toZonedIsoDate(new Date(), zone)}
          locale={locale}
          isPending={statusChange.isPending}
          onResume={resume}
        />
      )}
    </Card>
  );
}
