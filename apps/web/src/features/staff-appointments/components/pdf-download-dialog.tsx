import type { AppointmentsFilter, Locale } from '@eclat/shared';
import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

import { isApiError } from '@/lib/api-client';
import { toIntlLocale } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

import { useDownloadAppointmentsPdf } from '../api/download-appointments-pdf';

import { AppointmentsFilterFields } from './appointments-filter';

type PdfDownloadDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** What the table shows: the PDF holds the same unless changed here. */
  tableFilter: AppointmentsFilter;
  locale: Locale;
};

/** "1.4 MB" / "1,4 Mo": the bytes received so far. */
export function formatBytes(bytes: number, locale: Locale): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, 'megabyte'] : [bytes / 1024, 'kilobyte'];
  return new Intl.NumberFormat(toIntlLocale(locale), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/**
 * The PDF download (spec §2, issue 18): the table's filter by default, any status and stretch of days
 * on request; while it comes, the bytes received so far and a Cancel button (a large table streams for
 * a while).
 */
export function PdfDownloadDialog({ opened, onClose, tableFilter, locale }: PdfDownloadDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('staffAppointments.pdf.title')} size="lg">
      {/* Made anew at each opening: it starts from what the table shows. */}
      {opened && <PdfDownloadForm onClose={onClose} tableFilter={tableFilter} locale={locale} />}
    </Modal>
  );
}

function PdfDownloadForm({ onClose, tableFilter, locale }: Omit<PdfDownloadDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AppointmentsFilter>(tableFilter);
  const pdf = useDownloadAppointmentsPdf();
  const controller = useRef<AbortController | null>(null);

  // Closing the dialog stops a download still running.
  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
  };

  const download = () => {
    controller.current = new AbortController();
    pdf.mutate(
      { locale, filter, signal: controller.current.signal },
      {
        onSuccess: () => {
          controller.current = null;
          notifications.show({ color: 'teal', message: t('staffAppointments.pdf.done') });
          onClose();
        },
        onError: (error) => {
          controller.current = null;
          // Cancelled by the person: nothing went wrong.
          if (isApiError(error) && error.kind === 'aborted') return;
          notifications.show({
            color: 'red',
            title: t('notifications.errorTitle'),
            message: t('staffAppointments.pdf.error'),
          });
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('staffAppointments.pdf.intro')}
      </Text>
      <AppointmentsFilterFields value={filter} onChange={setFilter} locale={locale} />
      {pdf.isPending && (
        <Stack gap={4} role="status" aria-live="polite">
          <Progress value={100} striped animated aria-label={t('staffAppointments.pdf.progressLabel')} />
          <Text size="sm">
            {pdf.bytesReceived > 0
              ? t('staffAppointments.pdf.received', { size: formatBytes(pdf.bytesReceived, locale) })
              : t('staffAppointments.pdf.preparing')}
          </Text>
        </Stack>
      )}
      <Group justify="flex-end" gap="sm">
        {pdf.isPending ? (
          <Button variant="default" onClick={cancel}>
            {t('staffAppointments.pdf.cancel')}
          </Button>
        ) : (
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
        )}
        <Button
          leftSection={<IconFileTypePdf size={18} aria-hidden="true" />}
          loading={pdf.isPending}
          onClick={download}
        >
          {t('staffAppointments.pdf.download')}
        </Button>
      </Group>
    </Stack>
  );
}
