import type { Locale } from '@eclat/shared';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';

import { calendarAriaLabels } from '@/components/ui/calendar-labels';
import { formatCalendarDay } from '@/lib/business-time';
import { useTranslation } from '@/lib/i18n';

type ResumeDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Today in the business time zone: no earlier day can be chosen. */
  today: string;
  locale: Locale;
  isPending: boolean;
  /** `from` empty: the next series day that meets the notice. */
  onResume: (from: string | undefined) => void;
};

/** Resume a paused series, from a chosen day or the next one that can be booked. */
export function ResumeDialog({ opened, onClose, today, locale, isPending, onResume }: ResumeDialogProps) {
  const { t } = useTranslation();
  const [from, setFrom] = useState<string | null>(null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('series.actions.resumeTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <DatePickerInput
          label={t('series.actions.resumeFrom')}
          description={t('series.actions.resumeHint')}
          leftSection={<IconCalendar size={16} aria-hidden="true" />}
          value={from}
          onChange={setFrom}
          clearable
          minDate={today}
          valueFormat={locale === 'fr' ? 'dddd D MMMM YYYY' : 'dddd, MMMM D, YYYY'}
          getDayAriaLabel={(day) => formatCalendarDay(day, locale)}
          ariaLabels={calendarAriaLabels(t)}
          popoverProps={{ withinPortal: true }}
          clearButtonProps={{ 'aria-label': t('series.actions.clearDate') }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={isPending}
            onClick={() => {
              onResume(from ?? undefined);
            }}
          >
            {t('series.actions.resumeConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
