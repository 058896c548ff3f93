import PDFDocument from 'pdfkit';
import type { Appointment, AppointmentStatus, Locale } from '@eclat/shared';
import { PDF_COLORS as COLORS } from '../../lib/pdf.ts';
import { formatDate, formatDateTime, formatMoney, formatTime } from '../../mail/format.ts';
import { priceLineTexts } from '../../mail/templates/visit-details.ts';

const TEXT = {
  en: {
    title: (brand: string) => `${brand}: appointments`,
    generated: (when: string, count: number) =>
      `Generated ${when} · ${count} appointment${count === 1 ? '' : 's'}`,
    from: (day: string) => `from ${day}`,
    to: (day: string) => `to ${day}`,
    headers: ['Date and time', 'Customer', 'Services', 'Status', 'Total', 'Comments'],
    status: { pending: 'Pending', confirmed: 'Confirmed', cancelled: 'Cancelled', completed: 'Completed' },
    quote: 'On quote',
    none: 'No appointments.',
    page: (page: number) => `Page ${page}`,
  },
  fr: {
    title: (brand: string) => `${brand} : rendez-vous`,
    generated: (when: string, count: number) => `Produit le ${when} · ${count} rendez-vous`,
    from: (day: string) => `du ${day}`,
    to: (day: string) => `au ${day}`,
    headers: ['Date et heure', 'Client', 'Services', 'Statut', 'Total', 'Commentaires'],
    status: { pending: 'En attente', confirmed: 'Confirmé', cancelled: 'Annulé', completed: 'Terminé' },
    quote: 'Sur devis',
    none: 'Aucun rendez-vous.',
    page: (page: number) => `Page ${page}`,
  },
} as const;

// US Letter, landscape, in points. Margins are handled here (the document itself has none, so PDFKit
// never breaks a page on its own).
const PAGE = { width: 792, height: 612 };
const MARGIN = { top: 40, right: 36, bottom: 40, left: 36 };
const COLUMN_WIDTHS = [150, 100, 235, 60, 55, 120];
const TABLE_WIDTH = COLUMN_WIDTHS.reduce((sum, column) => sum + column, 0);
const PADDING = 4;
const FONT_SIZE = 9;
/**
 * Rows read from the database at a time (keyset batches, decision 024). Decoding a batch (the driver's
 * rows, then the appointments with their lines) holds the event loop under 16 ms of CPU at 500.
 */
export const PDF_BATCH_ROWS = 500;
/** Lines of the cross-reference table written between two hand-backs of the event loop. */
const XREF_LINES_PER_SLICE = 5000;
/** The longest the drawing runs before it lets other requests in (well under the 50 ms budget). */
const SLICE_MS = 8;
/** Bytes made and not yet taken by the client before the drawing waits for it (memory stays flat). */
const BUFFERED_BYTES = 1024 * 1024;
/** A row never takes more than this (a very long comment is cut with an ellipsis). */
const MAX_ROW_HEIGHT = 160;

type Cells = readonly string[];

/** What the PDF lists: how many (for the heading) and the rows themselves, a batch at a time. */
export type PdfSource = { count: number; batches: AsyncIterable<readonly Appointment[]> };

export type PdfOptions = {
  locale: Locale;
  timeZone: string;
  brandName: string;
  /** The filter the rows were chosen with, said under the title. */
  from?: string;
  to?: string;
  status?: AppointmentStatus;
};

/** The value at a path of nested objects, or undefined. */
function readPath(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = Reflect.get(current, key);
  }
  return current;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What the end of a PDFKit 0.19 document writes with (internal: `_finalize` and its fields). */
type DocumentEnd = {
  _offsets: (number | null)[];
  _offset: number;
  /** References: `12 0 R`. */
  _root: { toString: () => string };
  _info: { toString: () => string };
  _id: Buffer;
  _write: (data: string | Buffer) => void;
};

function isDocumentEnd(value: object): value is DocumentEnd {
  return (
    Array.isArray(Reflect.get(value, '_offsets')) &&
    typeof Reflect.get(value, '_offset') === 'number' &&
    Buffer.isBuffer(Reflect.get(value, '_id')) &&
    typeof Reflect.get(value, '_write') === 'function' &&
    !Reflect.get(value, '_security')
  );
}

/**
 * PDFKit ends a document with its cross-reference table, one line per object, written in one go: at a
 * million rows (50,000 pages, 150,000 objects) that held the event loop for half a second. The same
 * bytes (PDFKit 0.19's `_finalize`: the table, then the trailer) are written here in slices of
 * `XREF_LINES_PER_SLICE` lines with the event loop handed back between them. If PDFKit's internals are
 * not as expected (another version, encryption), its own end is kept.
 */
export function finishInSlices(doc: PDFKit.PDFDocument) {
  if (!isDocumentEnd(doc)) return;
  const end: DocumentEnd = doc;
  Reflect.set(doc, '_finalize', () => {
    const write = async () => {
      const offsets = end._offsets;
      const tableAt = end._offset;
      end._write('xref');
      end._write(`0 ${offsets.length + 1}`);
      end._write('0000000000 65535 f ');
      for (let first = 0; first < offsets.length; first += XREF_LINES_PER_SLICE) {
        if (doc.destroyed) return;
        let lines = '';
        for (const offset of offsets.slice(first, first + XREF_LINES_PER_SLICE)) {
          lines += `${String(offset).padStart(10, '0')} 00000 n \n`;
        }
        end._write(Buffer.from(lines, 'latin1'));
        await yieldToEventLoop();
      }
      const id = `<${end._id.toString('hex')}>`;
      end._write('trailer');
      end._write(
        [
          '<<',
          `/Size ${offsets.length + 1}`,
          `/Root ${end._root.toString()}`,
          `/Info ${end._info.toString()}`,
          `/ID [${id} ${id}]`,
          '>>',
        ].join('\n'),
      );
      end._write('startxref');
      end._write(`${tableAt}`);
      end._write('%%EOF');
      doc.push(null);
    };
    write().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  });
}

/**
 * The appointments table as a PDF (spec §2 PDF download): a real table with headings in the requester's
 * language, times in the business time zone, the heading row repeated on every page and the page number
 * at the foot. Built with PDFKit's built-in Helvetica (nothing embedded; WinAnsi covers French) and
 * streamed whatever the number of rows (decision 024): rows come in batches, each is measured and drawn
 * as it comes (a row that does not fit starts a new page), the drawing hands the event loop back every
 * few milliseconds, and it waits while the client has not taken what was made, so neither the server's
 * other requests nor its memory feel the size of the table.
 */
export function appointmentsPdf(source: PdfSource, options: PdfOptions): PDFKit.PDFDocument {
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
  finishInSlices(doc);

  // Backpressure: PDFKit pushes whatever it makes; the drawing waits for the client to read.
  let wake: (() => void) | undefined;
  const readMore = doc._read.bind(doc);
  doc._read = (size: number) => {
    readMore(size);
    wake?.();
  };
  doc.once('close', () => wake?.());
  const clientCaughtUp = () =>
    new Promise<void>((resolve) => {
      wake = () => {
        wake = undefined;
        resolve();
      };
    });

  const cellsOf = (appointment: Appointment): Cells => [
    // The day, then the time under it: two short lines, each drawn without wrapping.
    `${formatDate(new Date(appointment.appointmentDate), options.locale, options.timeZone)}\n${formatTime(new Date(appointment.appointmentDate), options.locale, options.timeZone)}`,
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

  // Widths of the texts met so far, per font: names, services, statuses, prices and days repeat.
  const widths = new Map<string, number>();
  const widthOf = (text: string, font: string) => {
    const key = `${font}\u0000${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      if (widths.size > 50_000) widths.clear();
      width = doc.font(font).widthOfString(text);
      widths.set(key, width);
    }
    return width;
  };

  /**
   * The lines of a cell when each fits its column as written (most do: drawn without line wrapping, the
   * fast path); null when a line must wrap.
   */
  const linesIfFitting = (cell: string, index: number, font: string): number | null => {
    const room = (COLUMN_WIDTHS[index] ?? 0) - 2 * PADDING;
    const lines = cell.split('\n');
    return lines.every((line) => widthOf(line, font) <= room) ? lines.length : null;
  };

  const lineHeight = { Helvetica: 0, 'Helvetica-Bold': 0 };
  for (const font of ['Helvetica', 'Helvetica-Bold'] as const) {
    lineHeight[font] = doc.font(font).heightOfString('X', { width: 1000 });
  }

  const heightOf = (cells: Cells, font: 'Helvetica' | 'Helvetica-Bold') => {
    let tallest = lineHeight[font];
    cells.forEach((cell, index) => {
      const lines = linesIfFitting(cell, index, font);
      const height =
        lines === null
          ? doc.font(font).heightOfString(cell, { width: (COLUMN_WIDTHS[index] ?? 0) - 2 * PADDING })
          : lines * lineHeight[font];
      tallest = Math.max(tallest, height);
    });
    return Math.min(MAX_ROW_HEIGHT, Math.ceil(tallest) + 2 * PADDING);
  };
  const headerHeight = heightOf(t.headers, 'Helvetica-Bold');
  const bottom = PAGE.height - MARGIN.bottom;

  const drawRow = (cells: Cells, top: number, height: number, style: 'header' | 'stripe' | 'plain') => {
    if (style !== 'plain') {
      doc.rect(MARGIN.left, top, TABLE_WIDTH, height).fill(style === 'header' ? COLORS.brand : COLORS.stripe);
    }
    const font = style === 'header' ? 'Helvetica-Bold' : 'Helvetica';
    doc.font(font).fillColor(style === 'header' ? COLORS.white : '#000000');
    let x = MARGIN.left;
    cells.forEach((cell, index) => {
      const columnWidth = COLUMN_WIDTHS[index] ?? 0;
      if (linesIfFitting(cell, index, font) !== null) {
        doc.text(cell, x + PADDING, top + PADDING, { lineBreak: false });
      } else {
        doc.text(cell, x + PADDING, top + PADDING, {
          width: columnWidth - 2 * PADDING,
          height: height - 2 * PADDING,
          ellipsis: true,
          lineBreak: true,
        });
      }
      x += columnWidth;
    });
    doc
      .moveTo(MARGIN.left, top + height)
      .lineTo(MARGIN.left + TABLE_WIDTH, top + height)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
  };

  /**
   * PDFKit keeps every finished page's dictionary for the document's page tree, which only needs its
   * object number: the rest (its size, resources and content objects, a few kilobytes) is dropped once
   * the page is written, so a million rows do not pile up 50,000 pages in memory. Internal to PDFKit
   * 0.19 (`_root.data.Pages.data.Kids`); if that shape changes, nothing is dropped.
   */
  const releaseWrittenPages = () => {
    const root: unknown = Reflect.get(doc, '_root');
    const kids: unknown = readPath(root, ['data', 'Pages', 'data', 'Kids']);
    if (!Array.isArray(kids)) return;
    // The last page is the one being drawn; those before it have been written.
    for (let index = kids.length - 2; index >= 0; index -= 1) {
      const kid: unknown = kids[index];
      if (typeof kid !== 'object' || kid === null || !('data' in kid)) break;
      if (Object.keys(kid.data as object).length === 0) break; // released already, and all before it
      Reflect.set(kid, 'data', {});
    }
  };

  const drawFooter = (page: number) => {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(t.page(page), MARGIN.left, PAGE.height - MARGIN.bottom + 14, {
        width: PAGE.width - MARGIN.left - MARGIN.right,
        align: 'right',
      })
      .fontSize(FONT_SIZE);
  };

  /** The title block of the first page; returns where the table starts. */
  const drawTitle = () => {
    let top = MARGIN.top;
    doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.brand).text(title, MARGIN.left, top);
    top += 22;
    const generated = t.generated(formatDateTime(new Date(), options.locale, options.timeZone), source.count);
    const filter = [
      options.status ? t.status[options.status] : undefined,
      options.from ? t.from(options.from) : undefined,
      options.to ? t.to(options.to) : undefined,
    ].filter((part) => part !== undefined);
    doc
      .font('Helvetica')
      .fontSize(FONT_SIZE)
      .fillColor(COLORS.muted)
      .text([generated, ...filter].join(' · '), MARGIN.left, top, { lineBreak: false });
    return top + 22;
  };

  /** The client went away (the response was destroyed): stop drawing. */
  const isClientGone = () => doc.destroyed;

  const render = async () => {
    let page = 1;
    let top = drawTitle();
    let rowsOnPage = 0;
    let drawn = 0;
    let sliceStarted = performance.now();
    const startTable = () => {
      drawRow(t.headers, top, headerHeight, 'header');
      top += headerHeight;
      rowsOnPage = 0;
    };
    for await (const batch of source.batches) {
      for (const appointment of batch) {
        if (isClientGone()) return;
        if (drawn === 0) startTable();
        const cells = cellsOf(appointment);
        const height = heightOf(cells, 'Helvetica');
        if (top + height > bottom && rowsOnPage > 0) {
          drawFooter(page);
          doc.addPage();
          releaseWrittenPages();
          page += 1;
          top = MARGIN.top;
          startTable();
        }
        drawRow(cells, top, height, rowsOnPage % 2 === 1 ? 'stripe' : 'plain');
        top += height;
        rowsOnPage += 1;
        drawn += 1;
        if (performance.now() - sliceStarted >= SLICE_MS) {
          await yieldToEventLoop();
          while (doc.readableLength > BUFFERED_BYTES && !isClientGone()) await clientCaughtUp();
          sliceStarted = performance.now();
        }
      }
    }
    if (isClientGone()) return;
    if (drawn === 0) doc.fillColor('#000000').text(t.none, MARGIN.left, top);
    drawFooter(page);
    doc.end();
  };
  render().catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc;
}
