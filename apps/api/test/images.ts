import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** Real pictures for tests, made here so no fixture file is needed (besides the demo illustrations). */

/** A photo-like JPEG (blurred noise: it does not compress to nothing). */
export async function photoJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .blur(2)
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A PNG with transparency. */
export async function transparentPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 15, g: 94, b: 99, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** A JPEG stored sideways (`width` × `height` pixels) with EXIF orientation 6: shown `height` × `width`. */
export async function sidewaysJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#4FB59A' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** One of the demo illustrations (960 × 640 JPEG). */
export async function demoIllustration(name = 'deep-cleaning.jpg'): Promise<Buffer> {
  return fs.readFile(path.join(import.meta.dirname, '../src/ops/seed/images', name));
}

export const dataUrl = (type: string, content: Buffer) => `data:${type};base64,${content.toString('base64')}`;
