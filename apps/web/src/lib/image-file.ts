import { IMAGE_MIME_TYPES, SERVICE_IMAGE_MAX_BYTES } from '@eclat/shared';

/** The translation key of what is wrong with a chosen picture, or null when it may be sent. */
export function checkImageFile(file: { type: string; size: number }): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'services.errors.imageType';
  if (file.size > SERVICE_IMAGE_MAX_BYTES) return 'services.errors.imageTooLarge';
  return null;
}
