import pdfmake from 'pdfmake';
import type { Appointment, Locale } from '@eclat/shared';
import { formatDateTime, formatMoney } from '../../mail/format.ts';

// PDF's built-in Helvetica: nothing to embed, and WinAnsi covers French accents.
const HELVETICA = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
};
const BUILT_IN_FONTS = new Set(Object.values(HELVETICA));
pdfmake.setFonts({ Helvetica: HELVETICA });
// No downloads and no files: only the built-in font names may be "opened".
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => BUILT_IN_FONTS.has(path));

const TEXT = {
  en: {
    title: (brand: string) => `${brand}: appointments`,
    generated: (when: string, count: number) =>
      `Generated ${when} · ${count} appointment${count === 1 ? '' : 's'}`,
    headers: ['Date and time', 'Customer', 'Services', 'Status', 'Total', 'Comments'],
    status: { pending: 'Pending', confirmed: 'Confirmed', cancelled: 'Cancelled', completed: 'Completed' },
    quote: 'On quote',
    none: 'No appointments.',
  },
  fr: {
    title: (brand: string) => `${brand} : rendez-vous`,
    generated: (when: string, count: number) => `Produit le ${when} · ${count} rendez-vous`,
    headers: ['Date et heure', 'Client', 'Services', 'Statut', 'Total', 'Commentaires'],
    status: { pending: 'En attente', confirmed: 'Confirmé', cancelled: 'Annulé', completed: 'Terminé' },
    quote: 'Sur devis',
    none: 'Aucun rendez-vous.',
  },
} as const;

/**
 * The appointments table as a PDF (spec §2 PDF download): a real table with headings in the requester's
 * language, times in the business time zone, the heading row repeated on every page.
 */
export async function appointmentsPdf(
  appointments: Appointment[],
  options: { locale: Locale; timeZone: string; brandName: string },
) {
  const t = TEXT[options.locale];
  const rows = appointments.map((appointment) => [
    formatDateTime(new Date(appointment.appointmentDate), options.locale, options.timeZone),
    `${appointment.customerFirstName} ${appointment.customerLastName}`.trim(),
    appointment.services,
    t.status[appointment.status],
    appointment.totalPrice > 0 ? formatMoney(appointment.totalPrice, options.locale) : t.quote,
    appointment.comments ?? '',
  ]);
  const definition = {
    pageSize: 'LETTER',
    pageOrientation: 'landscape',
    pageMargins: [36, 48, 36, 40],
    defaultStyle: { font: 'Helvetica', fontSize: 9 },
    info: { title: t.title(options.brandName) },
    footer: (page: number, pages: number) => ({
      text: `${page} / ${pages}`,
      alignment: 'right',
      margin: [0, 12, 36, 0],
      fontSize: 8,
    }),
    content: [
      { text: t.title(options.brandName), fontSize: 16, bold: true, color: '#0F5E63', margin: [0, 0, 0, 4] },
      {
        text: t.generated(formatDateTime(new Date(), options.locale, options.timeZone), appointments.length),
        color: '#4a5a60',
        margin: [0, 0, 0, 12],
      },
      rows.length === 0
        ? { text: t.none }
        : {
            table: {
              headerRows: 1,
              widths: [140, 95, '*', 60, 55, 120],
              body: [
                t.headers.map((header) => ({
                  text: header,
                  bold: true,
                  color: '#ffffff',
                  fillColor: '#0F5E63',
                })),
                ...rows,
              ],
            },
            layout: {
              fillColor: (row: number) => (row > 0 && row % 2 === 0 ? '#F3E9DC' : null),
              hLineWidth: () => 0.5,
              vLineWidth: () => 0,
              hLineColor: () => '#d9d2c5',
            },
          },
    ],
  };
  return pdfmake.createPdf(definition).getStream();
}
