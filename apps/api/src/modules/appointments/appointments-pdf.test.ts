import { describe, expect, it, vi } from 'vitest';
import PDFDocument from 'pdfkit';
import { finishInSlices } from './appointments-pdf.ts';
import { appointmentsPdfInThread, pdfThreads } from './appointments-pdf-thread.ts';

/** A document of `pages` pages with a line each, its bytes once ended; `sliced`: ended by finishInSlices. */
async function made(pages: number, sliced: boolean): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 0,
    info: { CreationDate: new Date('2026-11-25T12:00:00Z') },
  });
  if (sliced) {
    finishInSlices(doc);
    // PDFKit's internals are as expected: its end is replaced (else the comparison below proves nothing).
    expect(Object.hasOwn(doc, '_finalize')).toBe(true);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  for (let page = 1; page <= pages; page += 1) {
    doc.text(`Row of page ${page}`, 36, 36, { lineBreak: false });
    if (page < pages) doc.addPage();
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

describe('the end of the appointments PDF, written in slices (decision 024)', () => {
  it('is byte for byte the end PDFKit writes itself, over several slices', async () => {
    // 3,000 pages: about 9,000 objects, so the cross-reference table takes two slices.
    const own = await made(3000, false);
    const sliced = await made(3000, true);
    expect(sliced.subarray(-40).toString('latin1')).toContain('%%EOF');
    expect(sliced.equals(own)).toBe(true);
  });

  it('hands the event loop back while the table is written', async () => {
    let turns = 0;
    const counting = setInterval(() => (turns += 1), 0);
    const doc = new PDFDocument({ size: 'LETTER', margin: 0 });
    finishInSlices(doc);
    doc.on('data', () => undefined);
    const ended = new Promise((resolve) => doc.on('end', resolve));
    for (let page = 1; page < 6000; page += 1) doc.addPage();
    const before = turns;
    doc.end();
    await ended;
    clearInterval(counting);
    expect(turns - before).toBeGreaterThan(1);
  });
});

describe('the PDF drawn in its thread (decision 024)', () => {
  it('ends the stream with the worker’s failure, and frees its thread', async () => {
    const stream = appointmentsPdfInThread({
      // Nothing listens on port 1: the worker's first query fails.
      databaseUrl: 'postgres://nobody:nothing@127.0.0.1:1/none',
      where: {},
      options: { locale: 'en', timeZone: 'America/Toronto', brandName: 'Éclat' },
    });
    const failure = await new Promise<Error>((resolve, reject) => {
      stream.on('error', resolve);
      stream.on('end', () => {
        reject(new Error('The stream ended without the failure.'));
      });
      stream.resume();
    });
    expect(failure.message).toContain('The PDF worker failed');
    expect(failure.message).toContain('select count(*)');
    await vi.waitFor(() => {
      expect(pdfThreads()).toEqual({ running: 0, waiting: 0 });
    });
  });
});
