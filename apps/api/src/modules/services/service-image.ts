import { createHash } from 'node:crypto';
import { SERVICE_IMAGE_MAX_BYTES, type ImageMimeType } from '@eclat/shared';
import { AppError } from '../../lib/app-error.ts';
import { convertImage, ImageConversionError, type ConvertedImage } from './image-variants.ts';

export type DecodedImage = { mimeType: ImageMimeType; content: Buffer; sha256: string };
/** A picture ready to store: the original with its size and its AVIF and WebP copies. */
export type PreparedImage = DecodedImage & ConvertedImage;

/** The type a file really is, read from its first bytes (not from its name or declared type). */
export function sniffImageType(content: Buffer): ImageMimeType | null {
  if (
    content.length >= 8 &&
    content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff)
    return 'image/jpeg';
  return null;
}

const imageError = (message: string, key: string, path = 'body.image') =>
  new AppError('VALIDATION_ERROR', message, [{ path, message: key }]);

/**
 * Decodes the spec's inline data string and checks it is a real JPEG or PNG (by its content) within the
 * size limit. `path` names the field in an error (a service's `body.image`, a quote's photo).
 */
export function decodeServiceImage(dataUrl: string, path = 'body.image'): DecodedImage {
  const comma = dataUrl.indexOf(',');
  const content = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  if (content.length > SERVICE_IMAGE_MAX_BYTES) {
    throw imageError(
      `The picture is larger than ${SERVICE_IMAGE_MAX_BYTES / 1024 / 1024} MB.`,
      'services.errors.imageTooLarge',
      path,
    );
  }
  const described = describeImage(content);
  if (!described) throw imageError('Only JPEG or PNG files are allowed.', 'services.errors.imageType', path);
  return described;
}

/** The original as stored (content, type, hash), from its bytes: the demo seed uses it. */
export function describeImage(content: Buffer): DecodedImage | null {
  const mimeType = sniffImageType(content);
  return mimeType && { mimeType, content, sha256: createHash('sha256').update(content).digest('hex') };
}

/**
 * An uploaded picture, checked (`decodeServiceImage`) and converted: one that cannot be decoded, or has
 * too many pixels, is a 400 on `body.image` like the other picture errors, never a 5xx.
 */
export async function prepareServiceImage(dataUrl: string): Promise<PreparedImage> {
  const decoded = decodeServiceImage(dataUrl);
  try {
    return { ...decoded, ...(await convertImage(decoded.content)) };
  } catch (error) {
    if (!(error instanceof ImageConversionError)) throw error;
    throw imageError(
      error.key === 'services.errors.imagePixels'
        ? 'The picture has too many pixels.'
        : 'The picture could not be read.',
      error.key,
    );
  }
}

export function imageUrl(serviceId: string, sha256: string | null): string | null {
  return sha256 ? `/api/v1/services/${serviceId}/image?v=${sha256.slice(0, 16)}` : null;
}
