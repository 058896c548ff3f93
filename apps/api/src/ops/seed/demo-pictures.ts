/**
 * The demo catalogue's pictures with their AVIF and WebP copies. The copies are made once, the way an
 * upload's are (`convertImage`), and committed in `images/variants/` with a manifest that records the hash
 * of each original and the converter's settings they came from: a seeded start reads them instead of
 * converting ten pictures (decision 051). `npm run images:demo` writes them again; a test fails when they
 * no longer match their originals or the converter.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { SERVICE_IMAGE_FORMATS } from '@eclat/shared';
import {
  convertImage,
  CONVERTER_SETTINGS,
  type ConvertedImage,
  type ImageVariant,
} from '../../modules/services/image-variants.ts';
import { describeImage, type PreparedImage } from '../../modules/services/service-image.ts';
import { DEMO_SERVICES } from './demo-content.ts';

export const DEMO_IMAGES_DIR = path.join(import.meta.dirname, 'images');
/** Beside the originals: the copies and `manifest.json`. */
export const VARIANTS_FOLDER = 'variants';
export const MANIFEST_FILE = 'manifest.json';

/** The demo's pictures: every service's own file, once each. */
export function demoPictureFiles(): string[] {
  return [...new Set(DEMO_SERVICES.flatMap((demo) => (demo.image ? [demo.image] : [])))];
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

const manifestSchema = z.object({
  converter: z.unknown(),
  pictures: z.record(
    z.string(),
    z.object({
      sha256: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      variants: z.array(
        z.object({
          format: z.enum(SERVICE_IMAGE_FORMATS),
          width: z.number().int(),
          height: z.number().int(),
          file: z.string(),
          sha256: z.string(),
        }),
      ),
    }),
  ),
});
export type DemoPicturesManifest = z.infer<typeof manifestSchema>;

/** The converter's settings as the manifest stores them (JSON). */
export function currentConverter(): unknown {
  return JSON.parse(JSON.stringify(CONVERTER_SETTINGS));
}

/** The file of a copy: `<original's name>-<width>.<format>`. */
export function variantFile(picture: string, variant: Pick<ImageVariant, 'width' | 'format'>): string {
  return `${path.parse(picture).name}-${variant.width}.${variant.format}`;
}

/** The committed manifest, or null when there is none or it cannot be read. */
export async function readManifest(dir = DEMO_IMAGES_DIR): Promise<DemoPicturesManifest | null> {
  try {
    const text = await fs.readFile(path.join(dir, VARIANTS_FOLDER, MANIFEST_FILE), 'utf8');
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The committed copies of a picture, when they were made from these very bytes by today's converter and
 * each file is still the one recorded; otherwise null.
 */
async function committedCopies(
  dir: string,
  picture: string,
  originalSha256: string,
  manifest: DemoPicturesManifest | null,
): Promise<ConvertedImage | null> {
  const entry = manifest?.pictures[picture];
  if (entry?.sha256 !== originalSha256) return null;
  if (!isDeepStrictEqual(manifest?.converter, currentConverter())) return null;
  const variants: ImageVariant[] = [];
  for (const variant of entry.variants) {
    const content = await fs.readFile(path.join(dir, VARIANTS_FOLDER, variant.file)).catch(() => null);
    if (!content || sha256(content) !== variant.sha256) return null;
    variants.push({ format: variant.format, width: variant.width, height: variant.height, content });
  }
  return { width: entry.width, height: entry.height, variants };
}

/**
 * The demo's pictures (files in `dir`) ready to store: their committed copies when these are current, else
 * copies converted now, as an upload's are. `converted` counts the pictures that had to be converted.
 */
export async function prepareDemoPictures(
  pictures: string[],
  dir = DEMO_IMAGES_DIR,
): Promise<{ prepared: PreparedImage[]; converted: number }> {
  const manifest = await readManifest(dir);
  let converted = 0;
  const prepared = await Promise.all(
    pictures.map(async (picture) => {
      const described = describeImage(await fs.readFile(path.join(dir, picture)));
      if (!described) throw new Error(`${picture} is not a JPEG or PNG`);
      const committed = await committedCopies(dir, picture, described.sha256, manifest);
      if (committed) return { ...described, ...committed };
      converted += 1;
      return { ...described, ...(await convertImage(described.content)) };
    }),
  );
  return { prepared, converted };
}

/**
 * Converts the pictures in `dir` and writes their copies and the manifest into `dir/variants` (emptied
 * first, so no copy of a removed picture stays behind). Returns the manifest written.
 */
export async function writeDemoPictureCopies(
  pictures: string[],
  dir = DEMO_IMAGES_DIR,
): Promise<DemoPicturesManifest> {
  const out = path.join(dir, VARIANTS_FOLDER);
  await fs.rm(out, { recursive: true, force: true });
  await fs.mkdir(out, { recursive: true });
  const manifest: DemoPicturesManifest = { converter: currentConverter(), pictures: {} };
  for (const picture of [...pictures].sort()) {
    const original = await fs.readFile(path.join(dir, picture));
    const { width, height, variants } = await convertImage(original);
    const entry: DemoPicturesManifest['pictures'][string] = {
      sha256: sha256(original),
      width,
      height,
      variants: [],
    };
    for (const variant of variants) {
      const file = variantFile(picture, variant);
      await fs.writeFile(path.join(out, file), variant.content);
      entry.variants.push({
        format: variant.format,
        width: variant.width,
        height: variant.height,
        file,
        sha256: sha256(variant.content),
      });
    }
    manifest.pictures[picture] = entry;
  }
  await fs.writeFile(path.join(out, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
