import type { Appointment, CustomerReach } from '@eclat/shared';
import { Button } from '@mantine/core';
import { IconClock, IconEdit, IconX } from '@tabler/icons-react';

import { NEEDS_TIME_COLOR } from '@/components/ui/series-markers';
import { TooLateNotice } from '@/components/appointments/too-late-notice';
import { useTranslation } from '@/lib/i18n';
import { Link } from '@/lib/navigation';

type SeriesVisitActionsProps = {
  visit: Appointment;
  /** The visit's date and time as the list shows it, in the buttons' names. */
  dateTime: string;
  /** Whether it can still be changed (closed for a cancelled series). */
  reach: CustomerReach | 'unknown';
  /** Its own edit page ("Choose a time" goes there directly). */
  editHref: string;
  isSkipping: boolean;
  /** Edit or Cancel pressed: the card asks "this visit only or all future visits". */
  onAsk: (kind: 'edit' | 'cancel') => void;
};

/**
 * What can be done to one upcoming visit of a series: too late to change (say so), needs a time
 * (Choose a time), else Edit and Cancel.
 */
export function SeriesVisitActions({
  visit,
  dateTime,
  reach,
  editHref,
  isSkipping,
  onAsk,
}: SeriesVisitActionsProps) {
  const { t } = useTranslation();
  if (reach === 'tooLate') return <TooLateNotice short />;
  if (reach !== 'open') return null;
  if (visit.needsTime) {
    return (
      <Button
        component={Link}
        to={editHref}
        size="xs"
        color={NEEDS_TIME_COLOR}
        leftSection={<IconClock size={14} aria-hidden="true" />}
        aria-label={t('series.visit.chooseTimeLabel', { dateTime })}
      >
        {t('series.visit.chooseTime')}
      </Button>
    );
  }
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconEdit size={14} aria-hidden="true" />}
        aria-label={t('series.visit.editLabel', { dateTime })}
        onClick={() => {
          onAsk('edit');
        }}
      >
        {t('series.visit.edit')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconX size={14} aria-hidden="true" />}
        aria-label={t('series.visit.cancelLabel', { dateTime })}
        loading={isSkipping}
        onClick={() => {
          onAsk('cancel');
        }}
      >
        {t('series.visit.cancel')}
      </Button>
    </>
  );
}
