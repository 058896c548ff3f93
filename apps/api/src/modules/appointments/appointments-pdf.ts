import PDFDocument from 'pdfkit';
import type { Appointment, Locale } from '@eclat/shared';
import { formatDateTime, formatMoney } from '../../mail/format.ts';
import { priceLineTexts } from '../../mail/templates/visit-details.ts';

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

// US Letter, landscape, in points. Margins are handled here (the document itself has none, so PDFKit
// never breaks a page on its own).
const PAGE = { width: 792, height: 612 };
const MARGIN = { top: 40, right: 36, bottom: 40, left: 36 };
const COLUMN_WIDTHS = [150, 100, 235, 60, 55, 120];
const PADDING = 4;
const FONT_SIZE = 9;
/** Rows measured between two turns of the event loop. */
const ROWS_PER_SLICE = 200;
/** A row never takes more than this (a very long comment is cut with an ellipsis). */
const MAX_ROW_HEIGHT = 160;
const COLORS = { brand: '#0F5E63', muted: '#4A5A60', stripe: '#F3E9DC', rule: '#D9D2C5', white: '#FFFFFF' };

type Cells = readonly string[];

/** Lets other requests run between pages: rendering thousands of rows never holds the server. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The appointments table as a PDF (spec §2 PDF download): a real table with headings in the requester's
 * language, times in the business time zone, the heading row repeated on every page and "page / pages" at
 * the foot. Built with PDFKit's built-in Helvetica (nothing embedded; WinAnsi covers French) and streamed:
 * each finished page leaves memory as it is written, and the event loop gets a turn after every page.
 */
export function appointmentsPdf(
  appointments: readonly Appointment[],
  options: { locale: Locale; timeZone: string; brandName: string },
): PDFKit.PDFDocument {
  const t = TEXT[options.locale];
  const title = t.title(options.brandName);
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: 0,
    bufferPages: false,
    info: { Title: title, Creator: options.brandName },
  });
  doc.font('Helvetica').fontSize(FONT_SIZE);

  const cellsOf = (appointment: Appointment): Cells => [
    formatDateTime(new Date(appointment.appointmentDate), options.locale, options.timeZone),
    `${appointment.customerFirstName} ${appointment.customerLastName}`.trim(),
    // With a breakdown (decision 025): one line per service, extra, surcharge and discount, with its price.
    appointment.priceBreakdown
      ? priceLineTexts(appointment.priceBreakdown.lines, options.locale)
          .map((line) => `${line.label}: ${line.amount}`)
          .join('\n')
      : appointment.services,
    t.status[appointment.status],
    appointment.totalPrice > 0 ? formatMoney(appointment.totalPrice, options.locale) : t.quote,
    appointment.comments ?? '',
  ];

  const heightOf = (cells: Cells, font: string) => {
    doc.font(font);
    const tallest = Math.max(
      ...cells.map((cell, index) =>
        doc.heightOfString(cell || ' ', { width: (COLUMN_WIDTHS[index] ?? 0) - 2 * PADDING }),
      ),
    );
    return Math.min(MAX_ROW_HEIGHT, Math.ceil(tallest) + 2 * PADDING);
  };
  const headerHeight = heightOf(t.headers, 'Helvetica-Bold');
  const titleBlock = 44;
  const bottom = PAGE.height - MARGIN.bottom;

  /** Measures every row (in slices, yielding between them), then lays the rows out in pages. */
  const layOut = async () => {
    const rows: Cells[] = [];
    const heights: number[] = [];
    for (const [index, appointment] of appointments.entries()) {
      const cells = cellsOf(appointment);
      rows.push(cells);
      heights.push(heightOf(cells, 'Helvetica'));
      if (index % ROWS_PER_SLICE === ROWS_PER_SLICE - 1) await yieldToEventLoop();
    }
    const pages: number[][] = [[]];
    let y = MARGIN.top + titleBlock + headerHeight;
    heights.forEach((height, index) => {
      const current = pages.at(-1) ?? [];
      if (y + height > bottom && current.length > 0) {
        pages.push([index]);
        y = MARGIN.top + headerHeight + height;
      } else {
        current.push(index);
        y += height;
      }
    });
    return { rows, heights, pages };
  };

  const drawRow = (cells: Cells, top: number, height: number, style: 'header' | 'stripe' | 'plain') => {
    const width = COLUMN_WIDTHS.reduce((sum, column) => sum + column, 0);
    if (style !== 'plain') {
      doc.rect(MARGIN.left, top, width, height).fill(style === 'header' ? COLORS.brand : COLORS.stripe);
    }
    doc
      .font(style === 'header' ? 'Helvetica-Bold' : 'Helvetica')
      .fillColor(style === 'header' ? COLORS.white : '#000000');
    let x = MARGIN.left;
    cells.forEach((cell, index) => {
      const columnWidth = COLUMN_WIDTHS[index] ?? 0;
      doc.text(cell, x + PADDING, top + PADDING, {
        width: columnWidth - 2 * PADDING,
        height: height - 2 * PADDING,
        ellipsis: true,
        lineBreak: true,
      });
      x += columnWidth;
    });
    doc
      .moveTo(MARGIN.left, top + height)
      .lineTo(MARGIN.left + width, top + height)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
  };

  const render = async () => {
    const { rows, heights: rowHeights, pages } = await layOut();
    const generated = t.generated(formatDateTime(new Date(), options.locale, options.timeZone), rows.length);
    for (const [pageIndex, indexes] of pages.entries()) {
      if (doc.destroyed) return; // the client went away
      if (pageIndex > 0) doc.addPage();
      let top = MARGIN.top;
      if (pageIndex === 0) {
        doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.brand).text(title, MARGIN.left, top);
        doc
          .font('Helvetica')
          .fontSize(FONT_SIZE)
          .fillColor(COLORS.muted)
          .text(generated, MARGIN.left, top + 22);
        top += titleBlock;
      }
      if (rows.length === 0) {
        doc.fillColor('#000000').text(t.none, MARGIN.left, top);
      } else {
        drawRow(t.headers, top, headerHeight, 'header');
        top += headerHeight;
        for (const [position, index] of indexes.entries()) {
          const height = rowHeights[index] ?? 0;
          drawRow(rows[index] ?? [], top, height, position % 2 === 1 ? 'stripe' : 'plain');
          top += height;
        }
      }
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(COLORS.muted)
        .text(`${pageIndex + 1} / ${pages.length}`, MARGIN.left, PAGE.height - MARGIN.bottom + 14, {
          width: PAGE.width - MARGIN.left - MARGIN.right,
          align: 'right',
        })
        .fontSize(FONT_SIZE);
      await yieldToEventLoop();
    }
    doc.end();
  };
  render().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
