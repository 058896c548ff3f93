import anyAscii from 'any-ascii';

/**
 * What the server's PDFs share (the appointments table, receipts): PDFKit's built-in Helvetica (nothing
 * embedded; its WinAnsi encoding covers French and the Latin-1 letters), the brand's colours, the text
 * those fonts can draw, and a small document's bytes.
 */

export const PDF_FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;

export const PDF_COLORS = {
  brand: '#0F5E63',
  muted: '#4A5A60',
  stripe: '#F3E9DC',
  rule: '#D9D2C5',
  white: '#FFFFFF',
  ink: '#000000',
} as const;

/** The characters WinAnsi has beyond Latin-1 (0x80–0x9F): quotes, dashes, the euro, œ, Œ, Š, Ž... */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/**
 * Spaces Intl and keyboards write that WinAnsi has not: the narrow no-break space becomes a no-break
 * one, a tab a space.
 */
const SPACES: Readonly<Record<string, string>> = {
  '\t': ' ',
  '\u202f': '\u00a0',
  '\u2007': '\u00a0',
  '\u2009': ' ',
  '\u200a': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
};
/** Letters with no decomposition that still read well as their base letter. */
const BASE_LETTERS: Readonly<Record<string, string>> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i' };

const LATIN_1 = /^[\n\u0020-\u007e\u00a0-\u00ff]*$/;

const isWinAnsi = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return (
    char === '\n' ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRA.has(char)
  );
};

/** Scripts whose characters are each a syllable: their transliterations are written apart ("Wang Fang"). */
const SYLLABIC = /[\p{Script=Han}\p{Script=Hangul}]/u;

/**
 * Text the built-in fonts can draw (decision 054): a letter outside WinAnsi is drawn without its accent
 * when it has one ("Nguyễn" → "Nguyen", "Łukasz" → "Lukasz"); another script is written in Latin letters
 * (`any-ascii`: "Юлия" → "Yuliya", "王芳" → "Wang Fang", Arabic without its short vowels), an emoji by its
 * name (":sponge:"); a control character not at all. Without this PDFKit writes bytes no reader maps
 * back to the text. The email that carries the PDF keeps the text as written.
 */
export function pdfSafeText(text: string): string {
  // Most text is Latin-1 already: kept as it is, without a look at each character.
  if (LATIN_1.test(text)) return text;
  let safe = '';
  let syllable = false;
  for (const char of text.normalize('NFC')) {
    const wasSyllable = syllable;
    syllable = false;
    if (isWinAnsi(char)) {
      safe += char;
      continue;
    }
    const replaced = SPACES[char] ?? BASE_LETTERS[char];
    if (replaced !== undefined) {
      safe += replaced;
      continue;
    }
    if ((char.codePointAt(0) ?? 0) < 0x20 || char === '\u007f') continue;
    // The base letter without its accents ("ễ" → "e").
    const base = char.normalize('NFD').replace(/\p{M}/gu, '');
    if (base !== '' && Array.from(base).every(isWinAnsi)) {
      safe += base;
      continue;
    }
    const latin = anyAscii(char);
    syllable = SYLLABIC.test(char) && latin !== '';
    // A letter with no Latin of its own (Arabic's alef) is left out; anything else unknown is "?".
    const shown = latin !== '' ? latin : /\p{L}|\p{M}/u.test(char) ? '' : '?';
    safe += (wasSyllable && syllable ? ' ' : '') + shown;
  }
  return safe;
}

/**
 * The bytes of a finished PDFKit document that was drawn without waiting for anything (the built-in
 * fonts, no images): PDFKit writes a document's every byte into its stream synchronously when it ends,
 * so they are all in the stream's buffer by then.
 */
export function endedPdfBytes(doc: PDFKit.PDFDocument): Buffer {
  doc.end();
  const bytes: unknown = doc.read();
  if (!Buffer.isBuffer(bytes) || !bytes.subarray(-8).toString('latin1').includes('%%EOF')) {
    throw new Error('The PDF did not end when drawn: it waits for something');
  }
  return bytes;
}
