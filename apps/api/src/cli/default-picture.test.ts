import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { variantWidths } from '../modules/services/image-variants.ts';
import { DEFAULT_PICTURE, WEB_IMAGES_DIR, writeDefaultPictureVariants } from './default-picture.ts';

const temp = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-default-picture-'));
afterAll(async () => {
  await fs.rm(temp, { recursive: true, force: true });
});

describe('the default service picture', () => {
  it('has its AVIF and WebP copies committed, as `npm run images:default` makes them', async () => {
    const original = await fs.readFile(path.join(WEB_IMAGES_DIR, DEFAULT_PICTURE));
    const { width, height } = await sharp(original).metadata();
    const made = await writeDefaultPictureVariants(WEB_IMAGES_DIR, temp);
    const names = made.map((file) => path.basename(file)).sort();
    const expected = variantWidths(width)
      .flatMap((w) => [`service-default-${w}.avif`, `service-default-${w}.webp`])
      .sort();
    expect(names).toEqual(expected);
    const committed = (await fs.readdir(WEB_IMAGES_DIR)).filter((name) =>
      name.startsWith('service-default-'),
    );
    // Run `npm run images:default` (and commit) when this differs.
    expect(committed.sort()).toEqual(expected);
    for (const name of committed) {
      const content = await fs.readFile(path.join(WEB_IMAGES_DIR, name));
      const metadata = await sharp(content).metadata();
      const copyWidth = Number(/-(\d+)\./.exec(name)?.[1]);
      expect([metadata.format, metadata.width, metadata.height], name).toEqual([
        name.endsWith('.avif') ? 'heif' : 'webp',
        copyWidth,
        Math.round((copyWidth * height) / width),
      ]);
      expect(content.length).toBeLessThan(original.length);
    }
  });
});
