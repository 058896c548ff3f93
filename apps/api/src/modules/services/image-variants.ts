import os from 'node:os';
import sharp, { type Sharp } from 'sharp';
import { SERVICE_IMAGE_FORMATS, SERVICE_IMAGE_WIDTHS, type ServiceImageFormat } from '@eclat/shared';
import { limitConcurrency } from '../../lib/concurrency.ts';

// Each picture is converted once: libvips keeps no cache of operations, and each conversion uses one thread,
// so the number of conversions at once (below) bounds the CPU they take.
sharp.cache(false);
sharp.concurrency(1);

/** A picture of more pixels is refused before it is decoded (a small PNG can hold a huge flat image). */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Conversions at once in this process: half the cores, so requests keep the rest. Uploads, the demo seed
 * and the backfill of old pictures all wait their turn here.
 */
const convertSlot = limitConcurrency(Math.max(1, Math.floor(os.availableParallelism() / 2)));

/**
 * Everything the copies' bytes depend on besides the picture: the widths and formats, the resizing kernel,
 * the encoders' settings (chosen for flat illustrations and photos alike, measured in decision 016) and the
 * versions of sharp and libvips that encode them. The demo's committed copies record it (decision 051).
 */
export const CONVERTER_SETTINGS = {
  widths: SERVICE_IMAGE_WIDTHS,
  formats: SERVICE_IMAGE_FORMATS,
  kernel: sharp.kernel.lanczos3,
  avif: { quality: 50, effort: 2, chromaSubsampling: '4:2:0' },
  webp: { quality: 75, effort: 4 },
  sharp: sharp.versions.sharp,
  vips: sharp.versions.vips,
} as const;

const ENCODE: Record<ServiceImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif(CONVERTER_SETTINGS.avif),
  webp: (image) => image.webp(CONVERTER_SETTINGS.webp),
};

const WIDEST = SERVICE_IMAGE_WIDTHS[SERVICE_IMAGE_WIDTHS.length - 1] ?? 1200;

/**
 * The widths of the copies of a picture `width` pixels wide: never wider than the picture itself; the widest
 * is the picture's width (up to the widest standard width), and a standard width less than 10% narrower
 * than it is left out (two copies of nearly the same size help no one).
 */
export function variantWidths(width: number): number[] {
  const widest = Math.min(width, WIDEST);
  return [...SERVICE_IMAGE_WIDTHS.filter((candidate) => candidate <= widest * 0.9), widest];
}

export type ImageVariant = {
  format: ServiceImageFormat;
  width: number;
  height: number;
  content: Buffer;
};
export type ConvertedImage = { width: number; height: number; variants: ImageVariant[] };

/** Why a picture could not be converted: a translation key for the `body.image` field. */
export class ImageConversionError extends Error {
  readonly key: 'services.errors.imageRead' | 'services.errors.imagePixels';

  constructor(key: ImageConversionError['key'], message: string, options?: ErrorOptions) {
    super(message, options);
    this.key = key;
  }
}

async function convert(content: Buffer): Promise<ConvertedImage> {
  const input = () => sharp(content, { limitInputPixels: MAX_INPUT_PIXELS });
  const metadata = await input().metadata();
  const { width, height } = metadata.autoOrient;
  if (width * height > MAX_INPUT_PIXELS) {
    throw new ImageConversionError('services.errors.imagePixels', `More than ${MAX_INPUT_PIXELS} pixels.`);
  }
  const widths = variantWidths(width);
  // One decode: upright, in sRGB, scaled to the widest copy and kept raw; every copy is made from it.
  const { data, info } = await input()
    .autoOrient()
    .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const variants: ImageVariant[] = [];
  for (const variantWidth of widths) {
    const sized =
      variantWidth === info.width
        ? raw()
        : raw().resize({ width: variantWidth, kernel: CONVERTER_SETTINGS.kernel });
    for (const format of SERVICE_IMAGE_FORMATS) {
      const encoded = await ENCODE[format](sized.clone()).toBuffer({ resolveWithObject: true });
      variants.push({
        format,
        width: encoded.info.width,
        height: encoded.info.height,
        content: encoded.data,
      });
    }
  }
  return { width, height, variants };
}

/**
 * Makes the AVIF and WebP copies of a JPEG or PNG (already checked by its first bytes), in libvips' threads,
 * a bounded number at a time. A picture that cannot be decoded, or that is too large once decoded, is an
 * `ImageConversionError`.
 */
export async function convertImage(content: Buffer): Promise<ConvertedImage> {
  return convertSlot(async () => {
    try {
      return await convert(content);
    } catch (error) {
      if (error instanceof ImageConversionError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (/pixel limit/i.test(message)) {
        throw new ImageConversionError('services.errors.imagePixels', message, { cause: error });
      }
      throw new ImageConversionError('services.errors.imageRead', message, { cause: error });
    }
  });
}
