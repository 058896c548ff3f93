import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF made by PDFKit with a built-in font: content streams are deflated, and text is shown
 * as hex strings of WinAnsi codes (`<48656c6c6f> Tj` or inside `[...] TJ`). Good enough to check what a
 * generated PDF says, without a PDF library.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const parts: string[] = [];
  const streamPattern = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(source)) !== null) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a deflated stream (fonts, images)
    }
    for (const block of content.matchAll(/\[(.*?)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)) {
      const hexes = block[1]
        ? [...block[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1] ?? '')
        : [block[2] ?? ''];
      parts.push(hexes.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
    streamPattern.lastIndex = end;
  }
  // Each word is its own text run: join runs with spaces, then collapse runs of whitespace.
  return parts.join(' ').replace(/\s+/g, ' ');
}
