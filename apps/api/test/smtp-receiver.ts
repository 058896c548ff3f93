import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';

/** A real SMTP server on loopback that keeps every message it accepts, parsed. */
export type SmtpReceiver = {
  port: number;
  url: string;
  messages: Email[];
  raw: string[];
  /** Resolves once `count` messages arrived, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<Email[]>;
  close(): Promise<void>;
};

/**
 * `beforeAccept` runs when a message has fully arrived and before the receiver answers 250 (a test can
 * kill the sender there: the message was received, the sender never learns it was accepted).
 */
export async function startSmtpReceiver(
  port = 0,
  options: { beforeAccept?: (raw: string) => void } = {},
): Promise<SmtpReceiver> {
  const messages: Email[] = [];
  const raw: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        raw.push(text);
        options.beforeAccept?.(text);
        PostalMime.parse(text)
          .then((email) => {
            messages.push(email);
            callback();
          })
          .catch((error: unknown) => {
            callback(error instanceof Error ? error : new Error(String(error)));
          });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve();
    });
  });
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    raw,
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} message(s), got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return messages;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
