/**
 * Makes the AVIF and WebP copies of the web app's default service picture, the way an upload's are made
 * (decision 016), next to it in `apps/web/public/images/` as `service-default-<width>.<format>`. The copies
 * are committed; run this after changing `service-default.jpg`:
 *
 *   npm run images:default
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { convertImage, type ImageVariant } from '../modules/services/image-variants.ts';

export const WEB_IMAGES_DIR = path.join(import.meta.dirname, '../../../web/public/images');
export const DEFAULT_PICTURE = 'service-default.jpg';

export const defaultVariantFile = (variant: Pick<ImageVariant, 'width' | 'format'>) =>
  `service-default-${variant.width}.${variant.format}`;

/** Writes the copies of `dir/service-default.jpg` into `outDir`; returns the files written. */
export async function writeDefaultPictureVariants(dir: string, outDir = dir): Promise<string[]> {
  const converted = await convertImage(await fs.readFile(path.join(dir, DEFAULT_PICTURE)));
  const written: string[] = [];
  for (const variant of converted.variants) {
    const file = path.join(outDir, defaultVariantFile(variant));
    await fs.writeFile(file, variant.content);
    written.push(file);
  }
  return written;
}

if (import.meta.main) {
  for (const file of await writeDefaultPictureVariants(WEB_IMAGES_DIR)) {
    const { size } = await fs.stat(file);
    process.stdout.write(`${path.relative(process.cwd(), file)}  ${size} bytes\n`);
  }
}
