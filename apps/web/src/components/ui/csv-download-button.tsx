import { csvFileName, type AppointmentsFilter, type CsvExport } from '@eclat/shared';
import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconFileTypeCsv } from '@tabler/icons-react';

import { apiGetBlob } from '@/lib/api-client';
import { useErrorToast } from '@/lib/error-toast';
import { useLanguage, useTranslation } from '@/lib/i18n';
import { saveBlob } from '@/lib/save-blob';

/** An export streams whatever its size (decision 030); a large one takes a while. */
const CSV_TIMEOUT_MS = 15 * 60_000;

type CsvDownloadButtonProps = {
  kind: CsvExport;
  /** The appointments export keeps to the table's filter; the payments export to its days. */
  filter?: AppointmentsFilter;
};

/**
 * Download CSV (issue 17): `GET /admin/exports/{kind}.csv` with the headers in the admin's language and,
 * for appointments, the filter the table shows; saved under the name the server gives it too.
 */
export function CsvDownloadButton({ kind, filter = {} }: CsvDownloadButtonProps) {
  const { t } = useTranslation();
  const locale = useLanguage();
  const showError = useErrorToast();
  const download = useMutation({
    mutationFn: async () => {
      const blob = await apiGetBlob(`/admin/exports/${kind}.csv`, {
        query: {
          lang: locale,
          // The payments CSV keeps to days only (the days the money moved).
          status: kind === 'appointments' ? filter.status : undefined,
          payment: kind === 'appointments' ? filter.payment : undefined,
          from: filter.from,
          to: filter.to,
        },
        timeoutMs: CSV_TIMEOUT_MS,
      });
      saveBlob(blob, csvFileName(kind, filter));
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
      {kind === 'payments' ? t('exports.paymentsCsvButton') : t('exports.csvButton')}
    </Button>
  );
}
