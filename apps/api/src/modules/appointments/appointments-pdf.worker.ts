/**
 * The appointments PDF drawn in a worker thread (decision 024): its own connection reads the rows, its own
 * heap holds PDFKit's objects, so neither the drawing nor its garbage collection pauses the server's
 * event loop. Bytes go to the main thread in chunks of at least `CHUNK_BYTES`, their memory transferred,
 * not copied. The main thread says `pause` when the client is behind, `resume` when it has caught up, and
 * `stop` when the client went away.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Appointment } from '@eclat/shared';
import { createDatabase } from '../../db/client.ts';
import type { Db } from '../../db/transaction.ts';
import { appointmentsPdf, PDF_BATCH_ROWS } from './appointments-pdf.ts';
import { appointmentBatches, countAppointments } from './appointments.repository.ts';
import { withCommentsFor, type CommentsReader } from './staff-comments.ts';
import {
  isPdfJob,
  PDF_CONNECTION_NAME,
  type PdfWorkerCommand,
  type PdfWorkerMessage,
} from './appointments-pdf-thread.ts';

const CHUNK_BYTES = 64 * 1024;

/** Each batch with the comments its reader may see (decision 065). */
async function* withBatchComments(
  db: Db,
  reader: CommentsReader,
  batches: AsyncIterable<Appointment[]>,
): AsyncGenerator<Appointment[]> {
  for await (const batch of batches) yield await withCommentsFor(db, reader, batch);
}

async function main() {
  const port = parentPort;
  if (!port) throw new Error('The PDF worker runs as a worker thread.');
  const job: unknown = workerData;
  if (!isPdfJob(job)) throw new Error('The PDF worker was given no job.');
  const post = (message: PdfWorkerMessage, transfer: ArrayBuffer[] = []) => {
    port.postMessage(message, transfer);
  };

  const db = createDatabase(job.databaseUrl, 1, PDF_CONNECTION_NAME);
  const close = () => db.$client.end().catch(() => undefined);
  try {
    const doc = appointmentsPdf(
      {
        count: await countAppointments(db, job.where),
        batches: withBatchComments(
          db,
          job.comments ?? { office: false, employeeId: null },
          appointmentBatches(db, job.where, PDF_BATCH_ROWS),
        ),
      },
      job.options,
    );
    port.on('message', (command: PdfWorkerCommand) => {
      if (command === 'pause') doc.pause();
      else if (command === 'resume') doc.resume();
      else doc.destroy();
    });

    let pending: Buffer[] = [];
    let size = 0;
    const flush = () => {
      if (size === 0) return;
      // Its own memory (a copy of a pooled slice would transfer the whole pool): a fresh buffer of `size`.
      const bytes = new Uint8Array(size);
      let at = 0;
      for (const chunk of pending) {
        bytes.set(chunk, at);
        at += chunk.length;
      }
      pending = [];
      size = 0;
      post({ type: 'bytes', bytes: bytes.buffer }, [bytes.buffer]);
    };
    doc.on('data', (chunk: Buffer) => {
      pending.push(chunk);
      size += chunk.length;
      if (size >= CHUNK_BYTES) flush();
    });
    await new Promise<void>((resolve, reject) => {
      doc.once('end', resolve);
      doc.once('error', reject);
      doc.once('close', resolve);
    });
    if (doc.readableEnded) {
      flush();
      post({ type: 'end' });
    }
  } finally {
    await close();
  }
}

main()
  .catch((error: unknown) => {
    parentPort?.postMessage({
      type: 'error',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    } satisfies PdfWorkerMessage);
  })
  .finally(() => parentPort?.close());
