// The part of pdfmake 0.3's server API we use (the package ships no types for 0.3).
declare module 'pdfmake' {
  import type { Readable } from 'node:stream';

  type FontFiles = { normal: string; bold: string; italics: string; bolditalics: string };
  type PdfStream = Readable & { end(): void };

  const pdfmake: {
    setFonts(fonts: Record<string, FontFiles>): void;
    setUrlAccessPolicy(callback: (url: string) => boolean): void;
    setLocalAccessPolicy(callback: (path: string) => boolean): void;
    createPdf(
      definition: object,
      options?: object,
    ): { getStream(): Promise<PdfStream>; getBuffer(): Promise<Buffer> };
  };
  export default pdfmake;
}
