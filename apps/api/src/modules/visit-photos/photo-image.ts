import sharp from 'sharp';
import { VISIT_PHOTO_LONGEST_SIDE, VISIT_PHOTO_MAX_BYTES } from '@eclat/shared';
import { AppError } from '../../lib/app-error.ts';
import { limitConcurrency } from '../../lib/concurrency.ts';
import { MAX_INPUT_PIXELS } from '../services/image-variants.ts';

/** The photo formats a phone sends that are decoded (the content decides, not the name or declared type). */
const DECODED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** One photo re-encoded at a time in this process: an upload waits rather than taking every core. */
const photoSlot = limitConcurrency(1);

export type StoredPhoto = { content: Buffer; width: number; height: number };

const photoError = (message: string, key: string) =>
  new AppError('VALIDATION_ERROR', message, [{ path: 'body.image', message: key }]);

/** The bytes of the data URL, within the size limit. */
export function photoBytes(dataUrl: string): Buffer {
  const content = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (content.length > VISIT_PHOTO_MAX_BYTES)
    throw photoError('The photo is larger than 10 MB.', 'visitPhotos.errors.tooLarge');
  return content;
}

/**
 * Decodes the photo (JPEG, PNG or WebP, by its content) and makes the copy that is kept: upright, at most
 * `VISIT_PHOTO_LONGEST_SIDE` on its longest side, in sRGB, as a JPEG. Nothing of the original's metadata
 * is copied (sharp writes none unless asked): no EXIF, no GPS position, no camera. A file that is not such
 * an image, or too large once decoded, is a 400 on `body.image`.
 */
export async function preparePhoto(content: Buffer): Promise<StoredPhoto> {
  return photoSlot(async () => {
    let format: string | undefined;
    try {
      format = (await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
    } catch {
      format = undefined;
    }
    if (!format || !DECODED_FORMATS.has(format))
      throw photoError('Only JPEG, PNG or WebP photos are accepted.', 'visitPhotos.errors.notImage');
    try {
      const { data, info } = await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS })
        .autoOrient()
        .resize({
          width: VISIT_PHOTO_LONGEST_SIDE,
          height: VISIT_PHOTO_LONGEST_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .toColourspace('srgb')
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      return { content: data, width: info.width, height: info.height };
    } catch {
      throw photoError('The photo could not be read.', 'visitPhotos.errors.notImage');
    }
  });
}
