import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import { type AppConfig, parseLoopbackApiBase } from '../config.ts';

/** One text to one mobile number, as the worker hands it to the channel (decision 067). */
export type OutgoingText = {
  /** E.164, e.g. +15145550100. */
  to: string;
  body: string;
  /**
   * The same on every attempt at this text (its delivery row's id): sent to the provider as
   * `Idempotency-Key`, and the log file's name, so a second attempt after a crash is recognised.
   */
  key: string;
  /** When the text was queued: the log file's name starts with it, the same on every attempt. */
  queuedAt: Date;
  /** Where the provider reports the delivery status (Twilio's `StatusCallback`); none in the log. */
  statusCallback?: string | undefined;
};

export type SentText = {
  /** The provider's id of the message (Twilio's `SM…` SID), or the log file's name. */
  providerId: string;
  /** The provider's first status (`queued`, `accepted`…); `delivered` for the log. */
  status: string;
  file?: string;
};

/** The message channel beside email: where texts go. */
export type Texter = {
  /** `twilio` (or `twilio at http://127.0.0.1:…` for the fake) or the log folder. */
  readonly destination: string;
  send(text: OutgoingText): Promise<SentText>;
};

/** Why a provider refused a text, with its code (Twilio's 21211 "invalid 'To' number"…) when it gave one. */
export class TextRefused extends Error {
  readonly code: number | undefined;
  readonly status: number | undefined;
  constructor(message: string, code: number | undefined, status: number | undefined) {
    super(message);
    this.name = 'TextRefused';
    this.code = code;
    this.status = status;
  }
}

export function createTexter(config: AppConfig, logger: Pick<Logger, 'info'>): Texter {
  const sms = config.sms;
  if (sms.adapter === 'twilio') return createTwilioTexter(sms);
  return createLogTexter(path.join(config.dataDir, 'sms'), logger);
}

/**
 * SMS=log: each text is written whole as a small readable file under `DATA_DIR/sms` (like the development
 * mailbox), named by its queue time and key: a second attempt finds it there and does not write it twice.
 */
export function createLogTexter(folder: string, logger: Pick<Logger, 'info'>): Texter {
  return {
    destination: folder,
    async send(text) {
      // Texts hold names and times of visits: readable by the server's user only.
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      const stamp = text.queuedAt.toISOString().replace(/[:.]/g, '-');
      const id = createHash('sha256').update(text.key).digest('hex').slice(0, 12);
      const name = `${stamp}-${id}-${text.to.replace(/[^0-9+]/g, '_')}.txt`;
      const file = path.join(folder, name);
      const partial = path.join(folder, `.${id}-${process.pid}-${Date.now()}.partial`);
      await fs.writeFile(partial, `To: ${text.to}\nKey: ${text.key}\n\n${text.body}\n`, { mode: 0o600 });
      try {
        await fs.link(partial, file);
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
        logger.info({ file }, 'text already in the development log: not written twice');
      } finally {
        await fs.rm(partial, { force: true });
      }
      logger.info({ file, to: text.to }, 'text written to the development log');
      return { providerId: name, status: 'delivered', file };
    },
  };
}

/** The idempotency key of the request being made (one per `send`), read by the request client below. */
const requestKey = new AsyncLocalStorage<string>();

/**
 * The SDK's own request client, with two changes: with `apiBase` (the local fake, loopback only) every
 * request goes there instead of Twilio's hosts, and each message's POST carries our `Idempotency-Key`.
 */
class KeyedRequestClient extends twilio.RequestClient {
  readonly #apiBase: URL | undefined;
  constructor(apiBase: URL | undefined) {
    super({ timeout: 15_000 });
    this.#apiBase = apiBase;
  }
  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const key = requestKey.getStore();
    const uri = new URL(opts.uri);
    if (this.#apiBase) {
      uri.protocol = this.#apiBase.protocol;
      uri.host = this.#apiBase.host;
    }
    return super.request<TData>({
      ...opts,
      uri: uri.href,
      headers: { ...opts.headers, ...(key ? { 'Idempotency-Key': key } : {}) },
    });
  }
}

type TwilioSettings = Extract<AppConfig['sms'], { adapter: 'twilio' }>;

/** SMS=twilio: the official SDK, pointed at the local fake by TWILIO_API_BASE in tests. */
export function createTwilioTexter(settings: TwilioSettings): Texter {
  let apiBase: URL | undefined;
  if (settings.apiBase !== undefined) {
    const parsed = parseLoopbackApiBase(settings.apiBase);
    if ('error' in parsed) throw new Error(`TWILIO_API_BASE refused: ${parsed.error}`);
    apiBase = new URL(settings.apiBase);
  }
  const client = twilio(settings.accountSid, settings.authToken, {
    httpClient: new KeyedRequestClient(apiBase),
    autoRetry: false,
  });
  return {
    destination: apiBase ? `twilio at ${apiBase.origin}` : 'twilio',
    async send(text) {
      try {
        const message = await requestKey.run(text.key, () =>
          client.messages.create({
            to: text.to,
            body: text.body,
            ...settings.sender,
            ...(text.statusCallback ? { statusCallback: text.statusCallback } : {}),
          }),
        );
        return { providerId: message.sid, status: message.status };
      } catch (error) {
        if (error instanceof twilio.RestException) {
          throw new TextRefused(`Twilio refused the text: ${error.message}`, error.code, error.status);
        }
        throw error;
      }
    },
  };
}
