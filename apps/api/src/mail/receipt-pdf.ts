import PDFDocument from 'pdfkit';
import { formatCents, formatTaxRate, taxName, type PaymentMethod, type ReceiptDocument } from '@eclat/shared';
import { endedPdfBytes, PDF_COLORS, PDF_FONT, pdfSafeText } from '../lib/pdf.ts';
import { formatDate, formatDateTime } from './format.ts';

/** The words of a receipt and a credit note, PDF and email alike. */
export const RECEIPT_TEXT = {
  en: {
    title: { receipt: 'Receipt', credit_note: 'Credit note' },
    file: { receipt: 'receipt', credit_note: 'credit-note' },
    gstHstNumber: 'GST/HST No.',
    qstNumber: 'QST No.',
    issued: 'Date issued',
    billedTo: 'Billed to',
    visit: 'Visit',
    description: 'Description',
    amount: 'Amount',
    subtotal: 'Subtotal',
    total: 'Total',
    received: 'Amount received',
    refunded: 'Amount refunded',
    method: 'Method',
    reference: 'Reference',
    tip: 'Tip',
    owed: 'Still owed',
    reason: 'Reason',
    methods: { cash: 'Cash', cheque: 'Cheque', interac: 'Interac e-Transfer', card: 'Card' },
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    sep: ': ',
  },
  fr: {
    title: { receipt: 'Reçu', credit_note: 'Note de crédit' },
    file: { receipt: 'recu', credit_note: 'note-de-credit' },
    gstHstNumber: 'No de TPS/TVH',
    qstNumber: 'No de TVQ',
    issued: 'Date d’émission',
    billedTo: 'Facturé à',
    visit: 'Visite',
    description: 'Description',
    amount: 'Montant',
    subtotal: 'Sous-total',
    total: 'Total',
    received: 'Montant reçu',
    refunded: 'Montant remboursé',
    method: 'Mode de paiement',
    reference: 'Référence',
    tip: 'Pourboire',
    owed: 'Solde dû',
    reason: 'Motif',
    methods: { cash: 'Comptant', cheque: 'Chèque', interac: 'Virement Interac', card: 'Carte' },
    page: (page: number, pages: number) => `Page ${page} sur ${pages}`,
    sep: '\u00a0: ',
  },
} as const satisfies Record<
  ReceiptDocument['locale'],
  { methods: Record<PaymentMethod, string>; [key: string]: unknown }
>;

/** "Receipt R-000123" / "Note de crédit R-000124". */
export function receiptTitle(doc: ReceiptDocument): string {
  return `${RECEIPT_TEXT[doc.locale].title[doc.kind]} ${doc.number}`;
}

/**
 * The PDF's file name, as the email attaches it and a download names it: "receipt-R-000123.pdf" /
 * "recu-R-000123.pdf" / "note-de-credit-R-000124.pdf".
 */
export function receiptFilename(doc: ReceiptDocument): string {
  return `${RECEIPT_TEXT[doc.locale].file[doc.kind]}-${doc.number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
}

/** A labelled figure of a receipt, in the order it prints, for the PDF and the email alike. */
export type ReceiptFigure = { label: string; amount: string; strong?: boolean };

/**
 * What a receipt adds up to, written in its language: the subtotal, each tax with its name and rate
 * ("HST 13%" / "TPS 5 %"), the total; then the money this document is for, the tip and what is owed.
 */
export function receiptFigures(doc: ReceiptDocument): { totals: ReceiptFigure[]; money: ReceiptFigure[] } {
  const t = RECEIPT_TEXT[doc.locale];
  const money = (cents: number) => formatCents(cents, doc.locale);
  return {
    totals: [
      { label: t.subtotal, amount: money(doc.baseCents) },
      ...doc.taxes.map((tax) => ({
        label: `${taxName(tax.code, doc.locale)} ${formatTaxRate(tax.rate, doc.locale)}`,
        amount: money(tax.cents),
      })),
      { label: t.total, amount: money(doc.totalCents), strong: true },
    ],
    money: [
      {
        label: doc.kind === 'receipt' ? t.received : t.refunded,
        amount: money(doc.amount.cents),
        strong: true,
      },
      ...(doc.tipCents !== 0 ? [{ label: t.tip, amount: money(doc.tipCents) }] : []),
      { label: t.owed, amount: money(doc.owedCents) },
    ],
  };
}

/** "Method: Cheque · Reference: 1042" / "Mode de paiement : Chèque · Référence : 1042". */
export function receiptMethodLine(doc: ReceiptDocument): string {
  const t = RECEIPT_TEXT[doc.locale];
  const method = `${t.method}${t.sep}${t.methods[doc.amount.method]}`;
  return doc.amount.reference ? `${method} · ${t.reference}${t.sep}${doc.amount.reference}` : method;
}

/** The business's tax numbers it is registered under, labelled ("GST/HST No.: 123456789 RT0001"). */
export function receiptTaxNumbers(doc: ReceiptDocument): string[] {
  const t = RECEIPT_TEXT[doc.locale];
  return [
    ...(doc.business.gstHstNumber ? [`${t.gstHstNumber}${t.sep}${doc.business.gstHstNumber}`] : []),
    ...(doc.business.qstNumber ? [`${t.qstNumber}${t.sep}${doc.business.qstNumber}`] : []),
  ];
}

/** When the document was issued and when the visit is, in the business's time zone. */
export function receiptDates(doc: ReceiptDocument): { issued: string; visit: string } {
  return {
    issued: formatDate(new Date(doc.issuedAt), doc.locale, doc.visit.timeZone),
    visit: formatDateTime(new Date(doc.visit.startsAt), doc.locale, doc.visit.timeZone),
  };
}

// US Letter, portrait, in points; the document has no margins of its own (PDFKit never breaks a page on
// its own: every block below checks it has room first).
const PAGE = { width: 612, height: 792 };
const MARGIN = { top: 54, right: 54, bottom: 54, left: 54 };
const WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const AMOUNT_WIDTH = 110;
/** Above and below the text of a line of the table, and of a sum under it. */
const PADDING = { line: 4, sum: 3, side: 5 };
const SIZE = { title: 18, name: 14, text: 10, small: 8 };

/**
 * A receipt or a credit note as a one-page PDF (more pages only for a very long visit): the business,
 * its tax numbers, the title and number, the date of issue, the customer, the visit, its lines, the
 * subtotal, each tax, the total, the money received or refunded with its method and reference, the tip,
 * what is still owed and a credit note's reason, in the document's language. Drawn synchronously with
 * the built-in fonts (a few milliseconds), so the email worker can attach it as it renders the email.
 */
export function renderReceiptPdf(doc: ReceiptDocument): Buffer {
  const t = RECEIPT_TEXT[doc.locale];
  const title = receiptTitle(doc);
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: 0,
    bufferPages: true,
    // Dated when it was issued (its file identifier is made from that): the same document gives the same
    // bytes whenever it is drawn again.
    info: {
      Title: pdfSafeText(title),
      Author: pdfSafeText(doc.business.legalName),
      CreationDate: new Date(doc.issuedAt),
    },
  });
  const bottom = PAGE.height - MARGIN.bottom;
  let y = MARGIN.top;

  type Style = { font?: 'regular' | 'bold'; size?: number; color?: string };
  const use = ({ font = 'regular', size = SIZE.text, color = PDF_COLORS.ink }: Style) =>
    pdf.font(PDF_FONT[font]).fontSize(size).fillColor(color);
  const heightOf = (text: string, width: number, style: Style = {}) =>
    use(style).heightOfString(pdfSafeText(text), { width });
  /** Text wrapped within `width` at (x, top); returns its height. */
  const write = (
    text: string,
    x: number,
    top: number,
    width: number,
    style: Style & { align?: 'left' | 'right' } = {},
  ) => {
    const safe = pdfSafeText(text);
    const height = use(style).heightOfString(safe, { width });
    pdf.text(safe, x, top, { width, align: style.align ?? 'left' });
    return height;
  };
  /** Starts a new page when `height` does not fit under `y`. */
  const room = (height: number) => {
    if (y + height <= bottom) return false;
    pdf.addPage();
    y = MARGIN.top;
    return true;
  };
  const rule = (top: number) =>
    pdf
      .moveTo(MARGIN.left, top)
      .lineTo(MARGIN.left + WIDTH, top)
      .lineWidth(0.5)
      .strokeColor(PDF_COLORS.rule)
      .stroke();

  // The business (left) and the document (right).
  const leftWidth = WIDTH * 0.58;
  const rightWidth = WIDTH - leftWidth - 12;
  const rightX = MARGIN.left + leftWidth + 12;
  let left = y;
  left += write(doc.business.legalName, MARGIN.left, left, leftWidth, {
    font: 'bold',
    size: SIZE.name,
    color: PDF_COLORS.brand,
  });
  left += 4;
  for (const line of [doc.business.address, ...receiptTaxNumbers(doc)].filter((text) => text !== '')) {
    left += write(line, MARGIN.left, left, leftWidth, { color: PDF_COLORS.muted });
  }
  let right = y;
  right += write(t.title[doc.kind], rightX, right, rightWidth, {
    font: 'bold',
    size: SIZE.title,
    color: PDF_COLORS.brand,
    align: 'right',
  });
  right += write(doc.number, rightX, right, rightWidth, { font: 'bold', size: SIZE.name, align: 'right' });
  right += 4;
  const dates = receiptDates(doc);
  right += write(`${t.issued}${t.sep}${dates.issued}`, rightX, right, rightWidth, {
    color: PDF_COLORS.muted,
    align: 'right',
  });
  y = Math.max(left, right) + 14;
  rule(y);
  y += 12;

  // The customer (left) and the visit (right).
  const half = (WIDTH - 24) / 2;
  const block = (x: number, heading: string, lines: string[]) => {
    let top = y;
    top += write(heading, x, top, half, { font: 'bold', size: SIZE.small, color: PDF_COLORS.muted });
    top += 2;
    for (const line of lines.filter((text) => text !== '')) top += write(line, x, top, half);
    return top;
  };
  const customer = [doc.customer.name, doc.customer.email];
  const visit = [dates.visit, doc.visit.place];
  const blockHeight = (heading: string, lines: string[]) =>
    heightOf(heading, half, { font: 'bold', size: SIZE.small }) +
    2 +
    lines.reduce((total, line) => total + (line ? heightOf(line, half) : 0), 0);
  room(Math.max(blockHeight(t.billedTo, customer), blockHeight(t.visit, visit)));
  y = Math.max(block(MARGIN.left, t.billedTo, customer), block(MARGIN.left + half + 24, t.visit, visit)) + 16;

  // The lines: a heading row (again at the top of a new page), then one row per line.
  const labelWidth = WIDTH - AMOUNT_WIDTH - 3 * PADDING.side;
  type Row = {
    label: string;
    amount: string;
    style: 'header' | 'stripe' | 'plain' | 'sum';
    strong?: boolean;
  };
  const paddingOf = (r: Row) => (r.style === 'sum' ? PADDING.sum : PADDING.line);
  const fontOf = (r: Row) => (r.style === 'header' || r.strong ? 'bold' : 'regular');
  const rowHeight = (r: Row) =>
    Math.max(
      heightOf(r.label, labelWidth, { font: fontOf(r) }),
      heightOf(r.amount, AMOUNT_WIDTH, { font: fontOf(r) }),
    ) +
    2 * paddingOf(r);
  const drawRow = (r: Row) => {
    const font = fontOf(r);
    const color = r.style === 'header' ? PDF_COLORS.white : PDF_COLORS.ink;
    const height = rowHeight(r);
    const padding = paddingOf(r);
    if (r.style === 'header' || r.style === 'stripe') {
      pdf
        .rect(MARGIN.left, y, WIDTH, height)
        .fill(r.style === 'header' ? PDF_COLORS.brand : PDF_COLORS.stripe);
    }
    write(r.label, MARGIN.left + PADDING.side, y + padding, labelWidth, { font, color });
    write(r.amount, MARGIN.left + WIDTH - PADDING.side - AMOUNT_WIDTH, y + padding, AMOUNT_WIDTH, {
      font,
      color,
      align: 'right',
    });
    y += height;
  };
  const header: Row = { label: t.description, amount: t.amount, style: 'header' };
  room(rowHeight(header) * 2);
  drawRow(header);
  doc.lines.forEach((line, index) => {
    const r: Row = {
      label: line.label,
      amount: formatCents(line.cents, doc.locale),
      style: index % 2 === 1 ? 'stripe' : 'plain',
    };
    if (room(rowHeight(r))) drawRow(header);
    drawRow(r);
  });
  rule(y);

  // The sums, then the money this document is for, then how it was paid and why it was refunded: kept
  // together on the next page when they do not fit under the lines (and would on a page of their own).
  const figures = receiptFigures(doc);
  const sumRow = (figure: ReceiptFigure): Row => ({
    label: figure.label,
    amount: figure.amount,
    style: 'sum',
    strong: figure.strong ?? false,
  });
  const totals = figures.totals.map(sumRow);
  const money = figures.money.map(sumRow);
  const notes = [receiptMethodLine(doc), ...(doc.reason ? [`${t.reason}${t.sep}${doc.reason}`] : [])];
  const GAP = 6;
  const closingHeight =
    [...totals, ...money].reduce((total, r) => total + rowHeight(r), 0) +
    notes.reduce((total, note) => total + heightOf(note, WIDTH) + 4, 0) +
    5 * GAP;
  if (closingHeight <= bottom - MARGIN.top) room(closingHeight);
  y += GAP;
  const sums = (rows: Row[]) => {
    for (const r of rows) {
      room(rowHeight(r));
      drawRow(r);
    }
  };
  sums(totals);
  y += GAP;
  rule(y);
  y += GAP;
  sums(money);
  y += 2 * GAP;
  for (const note of notes) {
    room(heightOf(note, WIDTH) + 4);
    y += write(note, MARGIN.left, y, WIDTH) + 4;
  }

  // The page numbers and the document's title at the foot of every page.
  const { start, count } = pdf.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    pdf.switchToPage(page);
    const foot = PAGE.height - MARGIN.bottom + 20;
    use({ size: SIZE.small, color: PDF_COLORS.muted });
    pdf.text(pdfSafeText(`${doc.business.legalName} · ${title}`), MARGIN.left, foot, {
      width: WIDTH * 0.7,
      lineBreak: false,
      ellipsis: true,
      height: 12,
    });
    pdf.text(t.page(page - start + 1, count), MARGIN.left + WIDTH * 0.7, foot, {
      width: WIDTH * 0.3,
      align: 'right',
      lineBreak: false,
    });
  }
  pdf.flushPages();
  return endedPdfBytes(pdf);
}
