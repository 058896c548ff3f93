/**
 * Writes `name.br` (brotli 11, text mode) and `name.gz` (gzip 9) beside every compressible file of a built
 * folder, so the server sends them as files and never compresses them per request (decision 017). A form is
 * written only when it is smaller than the file, and files under 1 KB are left alone (they fit in the first
 * packets either way). Deterministic: the same files give the same bytes, in any order, on every run.
 *
 * Run by the web build after `vite build` (and anything else that writes into `dist/`):
 * `node scripts/precompress.ts [dir=dist]`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Smaller files are sent as they are. */
export const MIN_SIZE = 1024;
/** Text formats that compress; pictures and fonts are already compressed. */
export const COMPRESSIBLE = /\.(?:js|mjs|cjs|css|html|svg|json|map|txt|xml|webmanifest|ico)$/i;
/** The precompressed forms, by file suffix. */
export const FORMS = ['.br', '.gz'] as const;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const compressors: Record<(typeof FORMS)[number], (content: Buffer) => Promise<Buffer>> = {
  '.br': (content) =>
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  // Node writes no file name and a zero time in the gzip header: the bytes do not depend on when it ran.
  '.gz': (content) => gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

export type PrecompressedFile = {
  /** Relative to the folder, with forward slashes. */
  file: string;
  size: number;
  /** Size of each form written; absent when it was not worth writing. */
  br?: number;
  gz?: number;
};

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Precompresses every compressible file under `dir` and removes forms left from an earlier run whose file
 * no longer gains from them. Returns what was written, file by file.
 */
export async function precompress(dir: string): Promise<PrecompressedFile[]> {
  const files = await listFiles(dir);
  const originals = files.filter((file) => COMPRESSIBLE.test(file));
  const results: PrecompressedFile[] = [];
  for (const file of originals) {
    const content = await fs.readFile(file);
    const result: PrecompressedFile = {
      file: path.relative(dir, file).split(path.sep).join('/'),
      size: content.length,
    };
    for (const form of FORMS) {
      const target = file + form;
      const compressed = content.length >= MIN_SIZE ? await compressors[form](content) : undefined;
      if (compressed && compressed.length < content.length) {
        await fs.writeFile(target, compressed);
        result[form === '.br' ? 'br' : 'gz'] = compressed.length;
      } else {
        await fs.rm(target, { force: true });
      }
    }
    results.push(result);
  }
  return results;
}

if (import.meta.main) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const results = await precompress(dir);
  const written = results.filter((result) => result.br !== undefined || result.gz !== undefined);
  const total = (key: 'size' | 'br' | 'gz') => written.reduce((sum, result) => sum + (result[key] ?? 0), 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  process.stdout.write(
    `precompressed ${written.length} of ${results.length} text files in ${path.relative(process.cwd(), dir) || '.'}: ` +
      `${kb(total('size'))} → brotli ${kb(total('br'))}, gzip ${kb(total('gz'))}\n`,
  );
}
