import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.ts';
import type { EmailAttachment } from './email-message.ts';

export type OutgoingEmail = {
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html: string;
  attachments: EmailAttachment[];
  /** Stable Message-ID (one per job), so a receiver can recognise a message it already has. */
  messageId: string;
  /** When the message was queued: the mailbox file's name starts with it, the same on every attempt. */
  queuedAt: Date;
};

export type SentEmail = { messageId: string; file?: string };

export type Mailer = {
  /** Where messages go: `smtp://host:port` (credentials hidden) or the mailbox folder. */
  readonly destination: string;
  send(email: OutgoingEmail): Promise<SentEmail>;
  close(): void;
};

/**
 * Sends email over SMTP_URL. Without it, each message is written as a readable `.eml` file under
 * `DATA_DIR/mail` and its path is logged: nothing is silently dropped.
 */
export function createMailer(config: AppConfig, logger: Pick<Logger, 'info'>): Mailer {
  const base = (email: OutgoingEmail) => ({
    from: config.mail.from,
    to: email.to,
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: email.messageId,
    attachments: email.attachments,
  });

  if (config.mail.smtpUrl) {
    const url = new URL(config.mail.smtpUrl);
    const transport = nodemailer.createTransport({
      url: config.mail.smtpUrl,
      requireTLS: config.mail.requireTls,
      tls: { rejectUnauthorized: config.mail.rejectUnauthorized },
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      destination: `${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`,
      async send(email) {
        const info = await transport.sendMail(base(email));
        return { messageId: info.messageId };
      },
      close() {
        transport.close();
      },
    };
  }

  const mailbox = path.join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: mailbox,
    async send(email) {
      const info = await transport.sendMail(base(email));
      // Messages hold reset links: readable by the server's user only.
      await fs.mkdir(mailbox, { recursive: true, mode: 0o700 });
      // One name per message (its queue time and Message-ID), written whole under a temporary name and
      // then linked into place: a reader never sees half a file, and a second attempt finds it there.
      const stamp = email.queuedAt.toISOString().replace(/[:.]/g, '-');
      const id = createHash('sha256').update(email.messageId).digest('hex').slice(0, 12);
      const safeTo = email.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(mailbox, `${stamp}-${id}-${safeTo}.eml`);
      const partial = path.join(mailbox, `.${id}-${process.pid}-${Date.now()}.partial`);
      await fs.writeFile(partial, info.message, { mode: 0o600 });
      try {
        await fs.link(partial, file);
      } catch (error) {
        if (!isAlreadyThere(error)) throw error;
        logger.info({ file }, 'email already in the development mailbox: not written twice');
        return { messageId: info.messageId, file };
      } finally {
        await fs.rm(partial, { force: true });
      }
      logger.info({ file, to: email.to, subject: email.subject }, 'email written to the development mailbox');
      return { messageId: info.messageId, file };
    },
    close() {
      transport.close();
    },
  };
}

const isAlreadyThere = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'EEXIST';
