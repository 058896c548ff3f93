// Apart from the schemas (schemas/services.ts): the services page builds picture addresses without zod.

/** Limits of a service's picture (spec §9: JPEG or PNG). */
export const SERVICE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const SERVICE_IMAGE_DATA_URL = /^data:image\/(png|jpeg|jpg);base64,[A-Za-z0-9+/]+={0,2}$/;

/**
 * The smaller, modern copies the server makes of every picture (decision 016): each format at each of these
 * widths that is narrower than the original, plus one at the original's width (at most the widest).
 */
export const SERVICE_IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ServiceImageFormat = (typeof SERVICE_IMAGE_FORMATS)[number];
export const SERVICE_IMAGE_WIDTHS = [400, 800, 1200] as const;
/** The widest copy a client may ask for; a wider request gets the widest copy there is. */
export const SERVICE_IMAGE_MAX_REQUEST_WIDTH = 10_000;

/** The address of one copy of a picture (`image` is the versioned URL of a service). */
export function serviceImageVariantUrl(image: string, width: number, format: ServiceImageFormat): string {
  return `${image}${image.includes('?') ? '&' : '?'}w=${width}&f=${format}`;
}
