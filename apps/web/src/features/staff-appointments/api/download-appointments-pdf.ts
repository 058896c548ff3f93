import type { AppointmentsFilter, Locale } from '@eclat/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { apiGetBlob } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

/** The file name of spec §7 (a file name, not a translation key). */
export const APPOINTMENTS_PDF_NAME = `appointments.pdf`;

/**
 * A large table takes a while to make (it streams: the bytes come as pages are drawn, decision 024);
 * the person can cancel it at any time.
 */
const PDF_TIMEOUT_MS = 15 * 60_000;

export type PdfRequest = { locale: Locale; filter: AppointmentsFilter; signal?: AbortSignal };

/** The appointments the filter keeps as a PDF table, headings in the language asked for. */
export function getAppointmentsPdf(
  { locale, filter, signal }: PdfRequest,
  onProgress?: (bytesReceived: number) => void,
) {
  return apiGetBlob('/appointments/pdf', {
    query: { lang: locale, status: filter.status, from: filter.from, to: filter.to, payment: filter.payment },
    timeoutMs: PDF_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
    ...(onProgress ? { onProgress } : {}),
  });
}

/** Downloads the PDF and saves it; `bytesReceived` follows the download as it comes. */
export function useDownloadAppointmentsPdf() {
  const [bytesReceived, setBytesReceived] = useState(0);
  const mutation = useMutation({
    mutationFn: async (request: PdfRequest) => {
      setBytesReceived(0);
      saveBlob(await getAppointmentsPdf(request, setBytesReceived), APPOINTMENTS_PDF_NAME);
    },
  });
  return { ...mutation, bytesReceived };
}
