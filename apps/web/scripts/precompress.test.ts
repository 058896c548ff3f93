import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';

let dir: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-precompress-'));
  await fs.mkdir(path.join(dir, 'assets'));
});

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const script = 'export function greet(name) { return `Hello, ${name}!`; }\n'.repeat(200);
const write = (file: string, content: string | Buffer) => fs.writeFile(path.join(dir, file), content);
const read = (file: string) => fs.readFile(path.join(dir, file));
const exists = (file: string) =>
  fs.access(path.join(dir, file)).then(
    () => true,
    () => false,
  );

describe('precompress', () => {
  it('writes brotli and gzip forms that decode to the file, in every folder', async () => {
    await write('assets/app-1a2b3c.js', script);
    await write('index.html', `<!doctype html><title>x</title>${'<p>Éclat</p>'.repeat(200)}`);
    await precompress(dir);
    for (const file of ['assets/app-1a2b3c.js', 'index.html']) {
      const original = await read(file);
      expect(zlib.brotliDecompressSync(await read(`${file}.br`))).toEqual(original);
      expect(zlib.gunzipSync(await read(`${file}.gz`))).toEqual(original);
      expect((await read(`${file}.br`)).length).toBeLessThan((await read(`${file}.gz`)).length);
    }
  });

  it('uses brotli at its best quality and gzip at level 9', async () => {
    await write('assets/app.js', script);
    await precompress(dir);
    const content = Buffer.from(script);
    const best = zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    expect(await read('assets/app.js.br')).toEqual(best);
    expect(await read('assets/app.js.gz')).toEqual(zlib.gzipSync(content, { level: 9 }));
  });

  it('leaves small files, pictures and files that do not shrink as they are', async () => {
    await write('assets/tiny.js', 'export const a = 1;\n');
    await write('assets/photo.jpg', randomBytes(4096));
    await write('assets/noise.json', randomBytes(4096).toString('base64'));
    await write('assets/random.svg', randomBytes(4096));
    const results = await precompress(dir);
    const names = (await fs.readdir(path.join(dir, 'assets'))).sort();
    // Base64 text still shrinks (6 bits per byte); random bytes do not.
    expect(names).toEqual([
      'noise.json',
      'noise.json.br',
      'noise.json.gz',
      'photo.jpg',
      'random.svg',
      'tiny.js',
    ]);
    expect(results.map((result) => result.file)).toEqual([
      'assets/noise.json',
      'assets/random.svg',
      'assets/tiny.js',
    ]);
  });

  it('gives the same bytes on every run, and drops forms a file no longer gains from', async () => {
    await write('assets/app.js', script);
    await precompress(dir);
    const first = await read('assets/app.js.br');
    await precompress(dir);
    expect(await read('assets/app.js.br')).toEqual(first);
    expect(await exists('assets/app.js.br.br')).toBe(false);

    await write('assets/app.js', 'export {};\n');
    await precompress(dir);
    expect(await exists('assets/app.js.br')).toBe(false);
    expect(await exists('assets/app.js.gz')).toBe(false);
  });
});
