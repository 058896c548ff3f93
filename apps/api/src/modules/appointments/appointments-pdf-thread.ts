import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { PdfOptions } from './appointments-pdf.ts';
import type { AppointmentsWhere } from './appointments.repository.ts';
import type { CommentsReader } from './staff-comments.ts';

/**
 * What a PDF worker is given: where to read, what to keep, how to write it, and whose comments it shows
 * (decision 065: an employee's PDF has the comments of their own visits only).
 */
export type PdfJob = {
  databaseUrl: string;
  where: AppointmentsWhere;
  options: PdfOptions;
  /** Unset: no comments at all. */
  comments?: CommentsReader;
};

/** From the worker: a chunk of the file (its memory transferred), the end, or what went wrong. */
export type PdfWorkerMessage =
  { type: 'bytes'; bytes: ArrayBuffer } | { type: 'end' } | { type: 'error'; message: string };

/** To the worker: the client is behind, has caught up, or went away. */
export type PdfWorkerCommand = 'pause' | 'resume' | 'stop';

export function isPdfJob(value: unknown): value is PdfJob {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, 'databaseUrl') === 'string' &&
    typeof Reflect.get(value, 'where') === 'object' &&
    typeof Reflect.get(value, 'options') === 'object'
  );
}

/**
 * PDFs drawn at the same time; a further request waits for one to end (its download has started and
 * shows progress once the drawing begins). Each holds a thread and one database connection.
 */
export const PDF_THREADS = 2;
/** The worker's connection, as `pg_stat_activity` names it. */
export const PDF_CONNECTION_NAME = 'eclat-pdf';
let running = 0;
const waiting: (() => void)[] = [];

/** PDFs being drawn now, and those waiting for a thread. */
export function pdfThreads(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

async function takeThread(): Promise<() => void> {
  if (running >= PDF_THREADS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running -= 1;
    waiting.shift()?.();
  };
}

const WORKER_FILE = new URL('./appointments-pdf.worker.ts', import.meta.url);
/**
 * The worker's heap: what it keeps alive is one batch of rows and the page being drawn (a few MiB), but a
 * young isolate left to itself grows its heap to hundreds of MiB before collecting. Bounded, it collects
 * sooner, in its own thread, and the process's memory stays flat.
 */
const WORKER_HEAP = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 };

/**
 * The appointments PDF as a stream whose bytes are made in a worker thread (decision 024). The stream
 * reads what the worker sends and tells it to wait when the client is behind, so memory stays flat;
 * destroying the stream (the client went away) stops the worker and frees its connection. A failure in
 * the worker destroys the stream with the worker's message, for the log only.
 */
export function appointmentsPdfInThread(job: PdfJob): Readable {
  let worker: Worker | undefined;
  let release: (() => void) | undefined;
  let paused = false;
  let ended = false;
  const tell = (command: PdfWorkerCommand) => worker?.postMessage(command);
  const stream = new Readable({
    read() {
      if (!paused) return;
      paused = false;
      tell('resume');
    },
    destroy(error, callback) {
      tell('stop');
      void worker?.terminate();
      release?.();
      callback(error);
    },
  });

  const start = async () => {
    const releaseThread = await takeThread();
    if (stream.destroyed) {
      releaseThread();
      return;
    }
    release = releaseThread;
    const thread = new Worker(WORKER_FILE, { workerData: job, resourceLimits: WORKER_HEAP });
    worker = thread;
    thread.on('message', (message: PdfWorkerMessage) => {
      if (message.type === 'bytes') {
        if (!stream.push(Buffer.from(message.bytes)) && !paused) {
          paused = true;
          tell('pause');
        }
      } else if (message.type === 'end') {
        ended = true;
        stream.push(null);
      } else {
        stream.destroy(new Error(`The PDF worker failed: ${message.message}`));
      }
    });
    thread.once('error', (error: Error) => stream.destroy(error));
    thread.once('exit', (code) => {
      releaseThread();
      if (!ended && !stream.destroyed) {
        stream.destroy(new Error(`The PDF worker stopped (exit code ${code}) before the end.`));
      }
    });
  };
  start().catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return stream;
}
