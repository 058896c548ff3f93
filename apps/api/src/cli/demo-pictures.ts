/**
 * Writes the AVIF and WebP copies of the demo catalogue's pictures, the way an upload's are made
 * (decision 016), with the manifest of what they came from, into `apps/api/src/ops/seed/images/variants/`.
 * A seeded start reads them instead of converting (decision 051). The copies are committed; run this after
 * changing a demo picture or the converter (`image-variants.ts`, sharp), then commit the folder:
 *
 *   npm run images:demo
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DEMO_IMAGES_DIR,
  demoPictureFiles,
  VARIANTS_FOLDER,
  writeDemoPictureCopies,
} from '../ops/seed/demo-pictures.ts';

if (import.meta.main) {
  const manifest = await writeDemoPictureCopies(demoPictureFiles());
  let total = 0;
  for (const entry of Object.values(manifest.pictures)) {
    for (const variant of entry.variants) {
      const { size } = await fs.stat(path.join(DEMO_IMAGES_DIR, VARIANTS_FOLDER, variant.file));
      total += size;
    }
  }
  process.stdout.write(
    `${path.relative(process.cwd(), path.join(DEMO_IMAGES_DIR, VARIANTS_FOLDER))}: ${Object.keys(manifest.pictures).length} pictures, ${total} bytes of copies\n`,
  );
}
