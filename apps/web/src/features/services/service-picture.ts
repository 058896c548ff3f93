import {
  SERVICE_IMAGE_FORMATS,
  serviceImageVariantUrl,
  type ServiceImageFormat,
  type ServiceImageVariants,
} from '@eclat/shared';

/**
 * How wide a service card's picture is drawn on the services page, for the browser to pick a copy before
 * layout: one column below 48em (the container's 16 px padding on each side), two up to 75em (with the
 * grid's 16 px gap), then three in the 1140 px container (1108 px of content, two gaps).
 */
export const SERVICE_CARD_SIZES =
  '(min-width: 75em) 359px, (min-width: 48em) calc((100vw - 48px) / 2), calc(100vw - 32px)';

/**
 * The picture shown when a service has none (spec §2), with its AVIF and WebP copies committed beside it
 * (`npm run images:default` makes them from the JPEG).
 */
export const DEFAULT_SERVICE_IMAGE = '/images/service-default.jpg';
const DEFAULT_PICTURE = { width: 960, height: 640, widths: [400, 800, 960] } as const;
export const defaultImageVariantUrl = (width: number, format: ServiceImageFormat) =>
  `/images/service-default-${width}.${format}`;

export type PictureSource = { type: `image/${ServiceImageFormat}`; srcSet: string };

/** What a `<picture>` needs: one source per modern format, and the fallback `<img>` with its size. */
export type ServicePicture = {
  sources: PictureSource[];
  src: string;
  width: number;
  height: number;
  sizes: string;
};

function sourcesOf(
  widths: readonly number[],
  formats: readonly ServiceImageFormat[],
  urlOf: (width: number, format: ServiceImageFormat) => string,
): PictureSource[] {
  // AVIF first: the browser takes the first source whose type it supports.
  return SERVICE_IMAGE_FORMATS.filter((format) => formats.includes(format)).map((format) => ({
    type: `image/${format}`,
    srcSet: widths.map((width) => `${urlOf(width, format)} ${width}w`).join(', '),
  }));
}

/**
 * The picture of a service card: the copies the API lists for its picture, or the default picture's. A
 * picture whose copies are not made yet is shown as it is (with the default's proportions as its size:
 * the card's frame keeps the layout steady either way).
 */
export function servicePicture(
  image: string | null,
  variants: ServiceImageVariants | null,
  sizes = SERVICE_CARD_SIZES,
): ServicePicture {
  if (image === null) {
    return {
      sources: sourcesOf(DEFAULT_PICTURE.widths, SERVICE_IMAGE_FORMATS, defaultImageVariantUrl),
      src: DEFAULT_SERVICE_IMAGE,
      width: DEFAULT_PICTURE.width,
      height: DEFAULT_PICTURE.height,
      sizes,
    };
  }
  if (variants === null) {
    return { sources: [], src: image, width: DEFAULT_PICTURE.width, height: DEFAULT_PICTURE.height, sizes };
  }
  return {
    sources: sourcesOf(variants.widths, variants.formats, (width, format) =>
      serviceImageVariantUrl(image, width, format),
    ),
    src: image,
    width: variants.width,
    height: variants.height,
    sizes,
  };
}
