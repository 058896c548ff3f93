import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { convertImage } from './image-variants.ts';
import { findImageContent, findImagesWithoutVariants, saveLateVariants } from './services.repository.ts';

const BATCH = 20;

/**
 * Makes the AVIF and WebP copies of the pictures stored before copies existed (decision 016). Started when
 * the server is ready, in the background: the server answers meanwhile (such a service has
 * `imageVariants: null`, so the web app shows its original), and the conversions take their turn with
 * uploads. Each picture's copies are stored in one transaction, only if the picture was not replaced or
 * converted by another instance in the meantime. A picture that cannot be converted is logged and left
 * as it is; the next start tries it again.
 */
export function startImageBackfill(
  db: Database,
  log: FastifyBaseLogger,
): { done: Promise<void>; stop: () => Promise<void> } {
  const stopping = new AbortController();
  const run = async () => {
    let after: string | undefined;
    let made = 0;
    for (;;) {
      const pending = await findImagesWithoutVariants(db, BATCH, after);
      if (pending.length === 0) break;
      for (const { serviceId, sha256 } of pending) {
        after = serviceId;
        if (stopping.signal.aborted) return;
        const content = await findImageContent(db, serviceId, sha256);
        if (!content) continue;
        try {
          const converted = await convertImage(content);
          const saved = await runInTransaction(db.$client, (tx) =>
            saveLateVariants(tx.db, serviceId, sha256, converted),
          );
          if (saved) made += 1;
        } catch (error) {
          log.warn(
            { serviceId, message: error instanceof Error ? error.message : String(error) },
            'service picture: copies not made; the original is served',
          );
        }
      }
    }
    if (made > 0) log.info({ pictures: made }, 'service pictures: copies made');
  };
  const done = run().catch((error: unknown) => {
    log.error(
      { message: error instanceof Error ? error.message : String(error) },
      'service pictures: making copies stopped',
    );
  });
  return {
    done,
    stop: async () => {
      stopping.abort();
      await done;
    },
  };
}
