import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import twilio from 'twilio';

/**
 * A strict local fake of the part of Twilio's API the SMS=twilio adapter uses (decision 067): creating a
 * message, its status callbacks and inbound texts, both signed with `X-Twilio-Signature` as Twilio signs
 * them. Driven by the official SDK pointed at it with `TWILIO_API_BASE`, on loopback only.
 */

export type FakeText = {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  status: string;
  statusCallback: string | null;
  /** The caller's `Idempotency-Key`: one message per key, however often it is sent. */
  key: string;
};

export type ReceivedTextRequest = { key: string | null; status: number; sid: string | null };

export type CallbackDelivery = { url: string; params: Record<string, string>; status: number | 'error' };

export type TwilioFake = {
  /** `http://127.0.0.1:<port>`: the value of `TWILIO_API_BASE`. */
  url: string;
  accountSid: string;
  authToken: string;
  /** Every message created, oldest first (one per idempotency key). */
  texts(): FakeText[];
  /** Every create request received, oldest first, the repeats of a key included. */
  requests(): ReceivedTextRequest[];
  /** The next `count` creates are refused with this Twilio error (default 30003-like 503, retryable). */
  failNext(options?: { count?: number; status?: number; code?: number; message?: string }): void;
  /**
   * The next create gets no answer until `release` (the message is created at once, as when Twilio took
   * it and the answer was lost): a crash test kills our server while it waits.
   */
  holdNext(): void;
  release(): void;
  /** Resolves once `count` create requests have arrived (held ones included). */
  waitForRequests(count: number): Promise<ReceivedTextRequest[]>;
  /** Sends the status callback of a message (signed), `times` times (a replay). */
  report(
    sid: string,
    status: 'sent' | 'delivered' | 'undelivered' | 'failed',
    times?: number,
  ): Promise<number[]>;
  /** A text from a phone to our number, POSTed (signed) to `url`, as Twilio's inbound webhook. */
  inbound(url: string, text: { from: string; to: string; body: string }): Promise<number>;
  deliveries(): CallbackDelivery[];
  /**
   * Webhooks are signed for the URL as given (PUBLIC_URL's, which Twilio knows) and delivered to this
   * origin instead (the app listening on loopback), as a proxy in front of the app would pass them on.
   */
  deliverVia(origin: string | null): void;
  reset(): void;
  close(): Promise<void>;
};

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const E164 = /^\+[1-9]\d{6,14}$/;

export async function startTwilioFake(): Promise<TwilioFake> {
  const accountSid = `AC${hex(16)}`;
  const authToken = hex(16);
  let texts: FakeText[] = [];
  let requests: ReceivedTextRequest[] = [];
  let deliveries: CallbackDelivery[] = [];
  let failures: { count: number; status: number; code: number; message: string } | null = null;
  let holdNext = false;
  let held: (() => void)[] = [];
  let waiters: { count: number; resolve: (value: ReceivedTextRequest[]) => void }[] = [];

  type Outcome = { status: number; body: unknown };
  const refusal = (status: number, code: number, message: string): Outcome => ({
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  });
  const resource = (text: FakeText) => ({
    sid: text.sid,
    account_sid: accountSid,
    to: text.to,
    from: text.from,
    messaging_service_sid: text.messagingServiceSid,
    body: text.body,
    status: text.status,
    num_segments: '1',
    direction: 'outbound-api',
    api_version: '2010-04-01',
    date_created: new Date().toUTCString(),
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${text.sid}.json`,
  });
  const notify = () => {
    waiters = waiters.filter((waiter) => {
      if (requests.length < waiter.count) return true;
      waiter.resolve([...requests]);
      return false;
    });
  };

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
      req.on('error', reject);
    });

  /** A message created, or the one this key already made; strict about what our adapter promises to send. */
  const create = (params: URLSearchParams, key: string | null, record: ReceivedTextRequest): Outcome => {
    if (!key) return refusal(400, 20001, 'Idempotency-Key is required by this fake');
    const allowed = new Set(['To', 'Body', 'From', 'MessagingServiceSid', 'StatusCallback']);
    const unknown = [...params.keys()].find((name) => !allowed.has(name));
    if (unknown) return refusal(400, 20001, `Unknown parameter ${unknown}`);
    const to = params.get('To') ?? '';
    const body = params.get('Body') ?? '';
    const from = params.get('From');
    const messagingServiceSid = params.get('MessagingServiceSid');
    if (!E164.test(to)) return refusal(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!body) return refusal(400, 21602, 'Message body is required.');
    if (Boolean(from) === Boolean(messagingServiceSid))
      return refusal(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required");
    if (failures && failures.count > 0) {
      failures.count -= 1;
      return refusal(failures.status, failures.code, failures.message);
    }
    let text = texts.find((existing) => existing.key === key);
    if (!text) {
      text = {
        sid: `SM${hex(16)}`,
        to,
        from,
        messagingServiceSid,
        body,
        status: 'queued',
        statusCallback: params.get('StatusCallback'),
        key,
      };
      texts.push(text);
    }
    record.sid = text.sid;
    return { status: 201, body: resource(text) };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const write = (outcome: Outcome) => {
      if (res.destroyed) return;
      res.writeHead(outcome.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(outcome.body));
    };
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const route = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!route || req.method !== 'POST') {
      write(refusal(404, 20404, 'The requested resource was not found'));
      return;
    }
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected || route[1] !== accountSid) {
      write(refusal(401, 20003, 'Authenticate'));
      return;
    }
    const params = new URLSearchParams(await readBody(req));
    const keyHeader = req.headers['idempotency-key'];
    const key = typeof keyHeader === 'string' && keyHeader.length > 0 ? keyHeader : null;
    const record: ReceivedTextRequest = { key, status: 0, sid: null };
    requests.push(record);
    notify();
    const outcome = create(params, key, record);
    record.status = outcome.status;
    if (holdNext && outcome.status === 201) {
      holdNext = false;
      held.push(() => {
        write(outcome);
      });
      return;
    }
    write(outcome);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((reason: unknown) => {
      if (res.headersSent) return;
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ code: 20500, message: reason instanceof Error ? reason.message : 'fake error' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the Twilio fake has no port');
  const url = `http://127.0.0.1:${address.port}`;

  let via: string | null = null;
  const post = async (target: string, params: Record<string, string>) => {
    const signature = twilio.getExpectedTwilioSignature(authToken, target, params);
    const reached = new URL(target);
    if (via) {
      const origin = new URL(via);
      reached.protocol = origin.protocol;
      reached.host = origin.host;
    }
    let status: number | 'error';
    try {
      const response = await fetch(reached, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: new URLSearchParams(params).toString(),
      });
      await response.text();
      status = response.status;
    } catch {
      status = 'error';
    }
    deliveries.push({ url: target, params, status });
    return status;
  };

  return {
    url,
    accountSid,
    authToken,
    texts: () => texts.map((text) => ({ ...text })),
    requests: () => requests.map((request) => ({ ...request })),
    failNext({ count = 1, status = 503, code = 20503, message = 'Service unavailable' } = {}) {
      failures = { count, status, code, message };
    },
    holdNext() {
      holdNext = true;
    },
    release() {
      const waiting = held;
      held = [];
      for (const send of waiting) send();
    },
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve([...requests]);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    async report(sid, status, times = 1) {
      const text = texts.find((candidate) => candidate.sid === sid);
      if (!text?.statusCallback) throw new Error(`no status callback for ${sid}`);
      text.status = status;
      const params: Record<string, string> = {
        MessageSid: sid,
        SmsSid: sid,
        AccountSid: accountSid,
        MessageStatus: status,
        SmsStatus: status,
        To: text.to,
        ...(text.from ? { From: text.from } : {}),
        ...(status === 'undelivered' || status === 'failed' ? { ErrorCode: '30003' } : {}),
        ApiVersion: '2010-04-01',
      };
      const statuses: number[] = [];
      for (let i = 0; i < times; i += 1) {
        const answered = await post(text.statusCallback, params);
        statuses.push(answered === 'error' ? 0 : answered);
      }
      return statuses;
    },
    async inbound(target, text) {
      const sid = `SM${hex(16)}`;
      const answered = await post(target, {
        MessageSid: sid,
        SmsSid: sid,
        AccountSid: accountSid,
        From: text.from,
        To: text.to,
        Body: text.body,
        NumMedia: '0',
        ApiVersion: '2010-04-01',
      });
      return answered === 'error' ? 0 : answered;
    },
    deliveries: () => [...deliveries],
    deliverVia(origin) {
      via = origin;
    },
    reset() {
      texts = [];
      requests = [];
      deliveries = [];
      failures = null;
      holdNext = false;
      held = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
