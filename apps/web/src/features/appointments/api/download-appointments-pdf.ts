import type { Locale } from '@eclat/shared';
import { useMutation } from '@tanstack/react-query';

import { apiGetBlob } from '@/lib/api-client';

/** The file name of spec §7 (a file name, not a translation key). */
export const APPOINTMENTS_PDF_NAME = `appointments.pdf`;

/** Every appointment as a PDF table, headings in the language asked for. */
export function getAppointmentsPdf(locale: Locale) {
  // A large table takes longer to make than a JSON answer.
  return apiGetBlob('/appointments/pdf', { query: { lang: locale }, timeoutMs: 60_000 });
}

/** Hands a downloaded file to the browser: an object URL behind a temporary `<a download>`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the URL is no longer needed once it has read it.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}

export function useDownloadAppointmentsPdf() {
  return useMutation({
    mutationFn: async (locale: Locale) => {
      saveBlob(await getAppointmentsPdf(locale), APPOINTMENTS_PDF_NAME);
    },
  });
}
