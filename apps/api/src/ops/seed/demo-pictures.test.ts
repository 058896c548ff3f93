import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_IMAGE_FORMATS } from '@eclat/shared';
import { convertImage, variantWidths } from '../../modules/services/image-variants.ts';
import {
  currentConverter,
  DEMO_IMAGES_DIR,
  demoPictureFiles,
  MANIFEST_FILE,
  prepareDemoPictures,
  readManifest,
  VARIANTS_FOLDER,
  variantFile,
} from './demo-pictures.ts';

// No database: the committed copies against their originals and the converter (decision 051).
const VARIANTS_DIR = path.join(DEMO_IMAGES_DIR, VARIANTS_FOLDER);
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');
const temp = await fs.mkdtemp(path.join(os.tmpdir(), 'eclat-demo-pictures-'));
afterAll(async () => {
  await fs.rm(temp, { recursive: true, force: true });
});

// When one of these fails: run `npm run images:demo` and commit `apps/api/src/ops/seed/images/variants/`.
describe('the demo pictures’ committed copies', () => {
  it('were made from today’s pictures by today’s converter, every copy as recorded', async () => {
    const manifest = await readManifest();
    expect(manifest, 'no readable manifest.json').not.toBeNull();
    if (!manifest) return;
    // The widths, formats, kernel and encoders' settings, and the sharp and libvips versions of today.
    expect(manifest.converter).toEqual(currentConverter());
    expect(Object.keys(manifest.pictures).sort()).toEqual(demoPictureFiles().sort());

    const listed = [MANIFEST_FILE];
    for (const [picture, entry] of Object.entries(manifest.pictures)) {
      const original = await fs.readFile(path.join(DEMO_IMAGES_DIR, picture));
      const metadata = await sharp(original).metadata();
      expect([entry.sha256, entry.width, entry.height], picture).toEqual([
        sha256(original),
        metadata.width,
        metadata.height,
      ]);
      // Every width an upload of this size gets, in every format, and nothing else.
      expect(entry.variants.map((variant) => `${variant.format} ${variant.width}`).sort(), picture).toEqual(
        variantWidths(entry.width)
          .flatMap((width) => SERVICE_IMAGE_FORMATS.map((format) => `${format} ${width}`))
          .sort(),
      );
      for (const variant of entry.variants) {
        expect(variant.file).toBe(variantFile(picture, variant));
        const content = await fs.readFile(path.join(VARIANTS_DIR, variant.file));
        const copy = await sharp(content).metadata();
        expect([sha256(content), copy.format, copy.width, copy.height], variant.file).toEqual([
          variant.sha256,
          variant.format === 'avif' ? 'heif' : 'webp',
          variant.width,
          variant.height,
        ]);
        listed.push(variant.file);
      }
    }
    // No copy of a picture that is gone.
    expect((await fs.readdir(VARIANTS_DIR)).sort()).toEqual(listed.sort());
  });

  it('are byte for byte what the converter makes now', async () => {
    // One picture (each takes seconds): a change to the conversion that the settings do not show is seen.
    const picture = 'move-in-move-out.jpg';
    const manifest = await readManifest();
    const converted = await convertImage(await fs.readFile(path.join(DEMO_IMAGES_DIR, picture)));
    const made = converted.variants.map((variant) => [
      variantFile(picture, variant),
      sha256(variant.content),
      variant.height,
    ]);
    expect(made).toEqual(
      manifest?.pictures[picture]?.variants.map((variant) => [variant.file, variant.sha256, variant.height]),
    );
  });

  it('are what a seed stores; a picture whose copies are not current is converted instead', async () => {
    const pictures = demoPictureFiles();
    const committed = await prepareDemoPictures(pictures);
    expect(committed.converted).toBe(0);
    for (const [index, picture] of pictures.entries()) {
      for (const variant of committed.prepared[index]?.variants ?? []) {
        const file = await fs.readFile(path.join(VARIANTS_DIR, variantFile(picture, variant)));
        expect(variant.content.equals(file)).toBe(true);
      }
    }

    // A changed original (here: its copies recorded for other bytes) is converted as an upload is.
    const picture = 'move-in-move-out.jpg';
    await fs.mkdir(path.join(temp, VARIANTS_FOLDER));
    await fs.copyFile(path.join(DEMO_IMAGES_DIR, picture), path.join(temp, picture));
    const manifest = await readManifest();
    const entry = manifest?.pictures[picture];
    if (!manifest || !entry) throw new Error('no manifest entry');
    for (const variant of entry.variants) {
      await fs.copyFile(
        path.join(VARIANTS_DIR, variant.file),
        path.join(temp, VARIANTS_FOLDER, variant.file),
      );
    }
    const stale = { ...manifest, pictures: { [picture]: { ...entry, sha256: sha256(Buffer.from('old')) } } };
    await fs.writeFile(path.join(temp, VARIANTS_FOLDER, MANIFEST_FILE), JSON.stringify(stale));
    const fallback = await prepareDemoPictures([picture], temp);
    expect(fallback.converted).toBe(1);
    expect(fallback.prepared[0]?.variants.map((variant) => `${variant.format} ${variant.width}`)).toEqual(
      entry.variants.map((variant) => `${variant.format} ${variant.width}`),
    );
  });
});
