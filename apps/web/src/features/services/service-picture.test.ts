import { describe, expect, it } from 'vitest';

import {
  DEFAULT_SERVICE_IMAGE,
  SERVICE_CARD_SIZES,
  servicePicture,
} from '@/features/services/service-picture';

const IMAGE = '/api/v1/services/3f1e7a52-6c1b-4d7e-9a0b-1c2d3e4f5a6b/image?v=0123456789abcdef';

/** The width `sizes` gives at a viewport width (16 px per em), as a browser reads it. */
function slotWidth(sizes: string, viewport: number): number {
  for (const entry of sizes.split(',').map((part) => part.trim())) {
    const media = /^\(min-width: ([\d.]+)em\)\s+(.+)$/.exec(entry);
    if (media && viewport < Number(media[1]) * 16) continue;
    const length = media?.[2] ?? entry;
    const fixed = /^(\d+)px$/.exec(length);
    if (fixed) return Number(fixed[1]);
    const calc = /^calc\(\(?100vw - (\d+)px\)?(?: \/ (\d+))?\)$/.exec(length);
    if (calc) return (viewport - Number(calc[1])) / Number(calc[2] ?? 1);
    throw new Error(`unreadable size ${length}`);
  }
  throw new Error('no size');
}

describe('servicePicture', () => {
  it('lists the AVIF copies, then the WebP ones, each at its width, with the original as the fallback', () => {
    const picture = servicePicture(IMAGE, {
      width: 960,
      height: 640,
      widths: [400, 800, 960],
      formats: ['avif', 'webp'],
    });
    expect(picture).toEqual({
      sources: [
        {
          type: 'image/avif',
          srcSet: `${IMAGE}&w=400&f=avif 400w, ${IMAGE}&w=800&f=avif 800w, ${IMAGE}&w=960&f=avif 960w`,
        },
        {
          type: 'image/webp',
          srcSet: `${IMAGE}&w=400&f=webp 400w, ${IMAGE}&w=800&f=webp 800w, ${IMAGE}&w=960&f=webp 960w`,
        },
      ],
      src: IMAGE,
      width: 960,
      height: 640,
      sizes: SERVICE_CARD_SIZES,
    });
  });

  it('offers only the formats the API lists, in the order a browser should try them', () => {
    const picture = servicePicture(IMAGE, { width: 300, height: 500, widths: [300], formats: ['webp'] });
    expect(picture.sources).toEqual([{ type: 'image/webp', srcSet: `${IMAGE}&w=300&f=webp 300w` }]);
    expect([picture.width, picture.height]).toEqual([300, 500]);
  });

  it('shows the default picture, with its own copies, for a service without one', () => {
    const picture = servicePicture(null, null);
    expect(picture.src).toBe(DEFAULT_SERVICE_IMAGE);
    expect([picture.width, picture.height]).toEqual([960, 640]);
    expect(picture.sources.map((source) => source.srcSet)).toEqual([
      '/images/service-default-400.avif 400w, /images/service-default-800.avif 800w, /images/service-default-960.avif 960w',
      '/images/service-default-400.webp 400w, /images/service-default-800.webp 800w, /images/service-default-960.webp 960w',
    ]);
  });

  it('shows a picture whose copies are not made yet as it is', () => {
    const picture = servicePicture(IMAGE, null);
    expect(picture.sources).toEqual([]);
    expect(picture.src).toBe(IMAGE);
  });

  it('sizes the picture as the services grid draws a card: one, two, then three columns', () => {
    // A phone (390 px: one column), a tablet (768 px: two), a laptop (1280 px: three in the 1140 px container).
    expect(slotWidth(SERVICE_CARD_SIZES, 390)).toBe(358);
    expect(slotWidth(SERVICE_CARD_SIZES, 768)).toBe(360);
    expect(slotWidth(SERVICE_CARD_SIZES, 1280)).toBe(359);
  });
});
