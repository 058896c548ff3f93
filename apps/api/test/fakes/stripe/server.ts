import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { type Outcome, type ObjectOf, type Step, StripeFakeCore } from './core.ts';
import { FormError, type Params, parseForm } from './form.ts';
import { authenticationPage, CARD_CHOICES, checkoutPage, donePage } from './pages.ts';
import { child, int, refuseUnknown, str } from './params.ts';
import {
  type CardBehaviour,
  emptyState,
  type FakeEvent,
  type FakeObject,
  type FakePaymentMethod,
  invalid,
  loadState,
  newId,
  notFound,
  type ObjectType,
  type ReceivedRequest,
  saveState,
  StripeFakeError,
} from './store.ts';

/**
 * POSTs that create or move money, and that our adapter promises to send with its own idempotency key
 * (decision 046). The SDK's automatic key (`stripe-node-retry-…`) does not count: it is new for each
 * call, so it protects one call's network retries and nothing else.
 */
export const DEFAULT_IDEMPOTENT_ROUTES = [
  'POST /v1/customers',
  'POST /v1/payment_intents',
  'POST /v1/payment_intents/:id/confirm',
  'POST /v1/payment_intents/:id/capture',
  'POST /v1/payment_intents/:id/cancel',
  'POST /v1/refunds',
  'POST /v1/checkout/sessions',
] as const;

export type StripeFakeOptions = {
  /** The key the fake accepts as `Authorization: Bearer …` (default `sk_test_fake`). */
  secretKey?: string;
  /** Signs webhook deliveries (default `whsec_fake`). */
  webhookSecret?: string;
  /** Where events are POSTed; none when unset (set later with `webhooks.setEndpoint`). */
  webhookUrl?: string;
  /** Routes (`METHOD /path/:id`) refused without an idempotency key of the caller's own. */
  idempotentRoutes?: readonly string[];
  /** A JSON file the state is written to after each change, and read from at start. */
  persistFile?: string;
  /** Default 0: a free port. */
  port?: number;
};

export type WebhookDelivery = { eventId: string; type: string; status: number | 'error' };

export type StripeFake = {
  /** `http://127.0.0.1:<port>`: the value of `STRIPE_API_BASE`. */
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** The next `count` confirmations (or, with `step: 'capture'`, captures) are declined. */
  declineNext(options?: { count?: number; step?: Step; code?: 'card_declined' | 'insufficient_funds' }): void;
  /**
   * The bank wants the customer to confirm the next `count` confirmations: off session Stripe answers 402
   * `authentication_required` with the PaymentIntent in `requires_payment_method` (`payment_intent.payment_failed`);
   * on session the PaymentIntent waits in `requires_action` for the authentication page. The hosted
   * Checkout page passes the challenge (the customer is there).
   */
  requireActionNext(count?: number): void;
  /**
   * The next `count` requests (of `route` when given, e.g. `POST /v1/payment_intents`; with this
   * idempotency `key` when given) get no answer until the client gives up and closes the connection;
   * then the request is still carried out, as when Stripe did the work and the answer was lost. With
   * `drop: true` it is not carried out then (the call never reached Stripe: a crash before it); its
   * record keeps status 0.
   */
  timeOutNext(options?: { count?: number; route?: string; key?: string; drop?: boolean }): void;
  webhooks: {
    setEndpoint(url: string | null): void;
    /** Keep events instead of sending them, until `release`. */
    hold(): void;
    /** Send the held events, in the order they happened or the reverse, and send the next ones as they come. */
    release(options?: { order?: 'sent' | 'reverse' }): void;
    /** The next `count` events are each delivered twice. */
    duplicateNext(count?: number): void;
    /** Send one event again (as Stripe's dashboard does). */
    redeliver(eventId: string): void;
    /** Send again every event whose last delivery was not answered 2xx (Stripe retries for days). */
    retryFailed(): void;
    /** Resolves when every delivery under way has been answered. */
    settled(): Promise<void>;
    deliveries(): WebhookDelivery[];
  };
  objects<T extends ObjectType>(type: T): ObjectOf<T>[];
  object(id: string): FakeObject | undefined;
  events(type?: string): FakeEvent[];
  /** Every API request received, oldest first, with its idempotency key and answer. */
  requests(filter?: { route?: string }): ReceivedRequest[];
  /** A hold lapses as an unused authorisation does after about 7 days (`payment_intent.canceled`). */
  expireHold(paymentIntent: string): void;
  /** A Checkout page left unpaid until it lapsed (Stripe's last 24 h): `expired`. */
  expireCheckout(session: string): void;
  /**
   * Resolves once `count` requests of `route` (e.g. `POST /v1/payment_intents/:id/capture`; with this
   * idempotency `key` when given) have arrived, held ones included: a crash test kills our server then,
   * while the fake holds the answer.
   */
  waitForRequest(options: { route: string; count?: number; key?: string }): Promise<ReceivedRequest[]>;
  /** Resolves when no API request is being handled, held ones included (after a client hung up, they are carried out). */
  idle(): Promise<void>;
  /** A card on file for a customer without going through the hosted page. */
  addCard(customer: string, behaviour?: CardBehaviour): FakePaymentMethod;
  /** Forgets every object, event, request and test control. */
  reset(): void;
  close(): Promise<void>;
};

type Handler = (context: { id: string; params: Params; method: string }) => unknown;
type Route = { method: string; pattern: string; handler: Handler };

const HIDDEN_FIELDS = new Set([
  'fake_behaviour',
  'payment_intent_data',
  'setup_intent_data',
  'line_items_summary',
]);
const toJson = (value: unknown) =>
  JSON.stringify(value, (key, item: unknown) => (HIDDEN_FIELDS.has(key) ? undefined : item), 2);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Replaces ids by their objects along `path` (`latest_charge`, `data.payment_method`, `setup_intent.payment_method`). */
function expand(value: unknown, path: string[], lookup: (id: string) => FakeObject | undefined): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(value)) return value.map((item) => expand(item, path, lookup));
  if (!isRecord(value) || !(head in value)) return value;
  const field = value[head];
  const found = typeof field === 'string' ? lookup(field) : undefined;
  return { ...value, [head]: expand(found ? structuredClone(found) : field, rest, lookup) };
}

/** `created[gte]=…` and its kin, as list endpoints take them. */
function createdWithin(params: Params): (created: number) => boolean {
  const range = child(params, 'created');
  if (range === undefined) {
    const exact = int(params, 'created');
    return (created) => exact === undefined || created === exact;
  }
  refuseUnknown(range, ['gt', 'gte', 'lt', 'lte']);
  const [gt, gte, lt, lte] = ['gt', 'gte', 'lt', 'lte'].map((key) => int(range, key));
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
}

/**
 * A Stripe list, newest first: `limit` (1 to 100, default 10), `starting_after`, `created`, and the
 * endpoint's own `filters` (already applied by the caller); any other parameter is refused.
 */
function listOf<T extends { id: string; created: number }>(
  items: T[],
  params: Params,
  url: string,
  filters: readonly string[] = [],
) {
  refuseUnknown(params, ['limit', 'starting_after', 'created', ...filters]);
  const limit = int(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalid('Invalid limit: must be between 1 and 100', { param: 'limit' });
  const within = createdWithin(params);
  const newestFirst = items.filter((item) => within(item.created)).reverse();
  const after = str(params, 'starting_after');
  let start = 0;
  if (after) {
    const index = newestFirst.findIndex((item) => item.id === after);
    if (index < 0) {
      throw invalid(`No such object: '${after}'`, { code: 'resource_missing', param: 'starting_after' });
    }
    start = index + 1;
  }
  const data = newestFirst.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < newestFirst.length, url };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > 1_000_000) throw invalid('Request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function matchRoute(routes: Route[], method: string, path: string): { route: Route; id: string } | undefined {
  const parts = path.split('/');
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.pattern.split('/');
    if (pattern.length !== parts.length) continue;
    let id = '';
    const ok = pattern.every((segment, index) => {
      const part = parts[index] ?? '';
      if (segment === ':id') {
        id = decodeURIComponent(part);
        return part !== '';
      }
      return segment === part;
    });
    if (ok) return { route, id };
  }
  return undefined;
}

/** Starts the fake on 127.0.0.1. Nothing in it depends on a test runner: e2e starts it too. */
export async function startStripeFake(options: StripeFakeOptions = {}): Promise<StripeFake> {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake';
  const idempotentRoutes = new Set<string>(options.idempotentRoutes ?? DEFAULT_IDEMPOTENT_ROUTES);
  const persist = () => {
    saveState(options.persistFile, core.state);
  };

  // ---- webhooks -----------------------------------------------------------------------------------
  let endpoint = options.webhookUrl ?? null;
  let holding = false;
  let duplicates = 0;
  const held: FakeEvent[] = [];
  const deliveries: WebhookDelivery[] = [];
  let chain: Promise<void> = Promise.resolve();

  async function deliver(event: FakeEvent): Promise<void> {
    if (!endpoint) return;
    const payload = toJson(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
        body: payload,
      });
      await response.arrayBuffer();
      deliveries.push({ eventId: event.id, type: event.type, status: response.status });
    } catch {
      deliveries.push({ eventId: event.id, type: event.type, status: 'error' });
    }
  }

  function send(event: FakeEvent): void {
    const times = duplicates > 0 ? 2 : 1;
    if (duplicates > 0) duplicates--;
    for (let i = 0; i < times; i++) chain = chain.then(() => deliver(event));
  }

  function redeliver(eventId: string): void {
    const event = core.state.events.find((item) => item.id === eventId);
    if (!event) throw new Error(`No event ${eventId}`);
    chain = chain.then(() => deliver(event));
  }

  function onEvent(event: FakeEvent): void {
    if (holding) held.push(event);
    else send(event);
  }

  const core = new StripeFakeCore(loadState(options.persistFile), Stripe.API_VERSION, onEvent);

  // ---- API routes ---------------------------------------------------------------------------------
  const get =
    (type: ObjectType, param?: string): Handler =>
    ({ id, params }) => {
      refuseUnknown(params, []);
      return core.get(type, id, param);
    };
  const routes: Route[] = [
    { method: 'POST', pattern: '/v1/customers', handler: ({ params }) => core.createCustomer(params) },
    { method: 'GET', pattern: '/v1/customers/:id', handler: get('customer') },
    {
      method: 'POST',
      pattern: '/v1/customers/:id',
      handler: ({ id, params }) => core.updateCustomer(id, params),
    },
    {
      method: 'GET',
      pattern: '/v1/customers/:id/payment_methods',
      handler: ({ id, params }) => {
        core.get('customer', id);
        return listOf(
          core.all('payment_method').filter((pm) => pm.customer === id),
          params,
          `/v1/customers/${id}/payment_methods`,
          ['type'],
        );
      },
    },
    {
      method: 'GET',
      pattern: '/v1/payment_methods',
      handler: ({ params }) => {
        const customer = str(params, 'customer');
        if (customer) core.get('customer', customer);
        return listOf(
          core.all('payment_method').filter((pm) => !customer || pm.customer === customer),
          params,
          '/v1/payment_methods',
          ['customer', 'type'],
        );
      },
    },
    { method: 'GET', pattern: '/v1/payment_methods/:id', handler: get('payment_method', 'payment_method') },
    {
      method: 'POST',
      pattern: '/v1/payment_methods/:id/attach',
      handler: ({ id, params }) => core.attach(id, params),
    },
    {
      method: 'POST',
      pattern: '/v1/payment_methods/:id/detach',
      handler: ({ id, params }) => core.detach(id, params),
    },
    { method: 'POST', pattern: '/v1/setup_intents', handler: ({ params }) => core.createSetupIntent(params) },
    { method: 'GET', pattern: '/v1/setup_intents/:id', handler: get('setup_intent', 'setup_intent') },
    {
      method: 'POST',
      pattern: '/v1/payment_intents',
      handler: ({ params }) => core.createPaymentIntent(params),
    },
    {
      method: 'GET',
      pattern: '/v1/payment_intents',
      handler: ({ params }) => {
        const customer = str(params, 'customer');
        return listOf(
          core.all('payment_intent').filter((pi) => !customer || pi.customer === customer),
          params,
          '/v1/payment_intents',
          ['customer'],
        );
      },
    },
    {
      method: 'GET',
      pattern: '/v1/payment_intents/search',
      handler: ({ params }) => {
        const page = str(params, 'page');
        const found = core.searchPaymentIntents(str(params, 'query') ?? '');
        const { query: _query, page: _page, ...rest } = params;
        const result = listOf(
          found,
          page ? { ...rest, starting_after: page } : rest,
          '/v1/payment_intents/search',
        );
        const last = result.data.at(-1);
        return { ...result, object: 'search_result', next_page: result.has_more && last ? last.id : null };
      },
    },
    { method: 'GET', pattern: '/v1/payment_intents/:id', handler: get('payment_intent') },
    {
      method: 'POST',
      pattern: '/v1/payment_intents/:id/confirm',
      handler: ({ id, params }) => core.confirmPaymentIntent(id, params),
    },
    {
      method: 'POST',
      pattern: '/v1/payment_intents/:id/capture',
      handler: ({ id, params }) => core.capture(id, params),
    },
    {
      method: 'POST',
      pattern: '/v1/payment_intents/:id/cancel',
      handler: ({ id, params }) => core.cancel(id, params),
    },
    { method: 'GET', pattern: '/v1/charges/:id', handler: get('charge') },
    { method: 'POST', pattern: '/v1/refunds', handler: ({ params }) => core.createRefund(params) },
    {
      method: 'GET',
      pattern: '/v1/refunds',
      handler: ({ params }) => {
        const pi = str(params, 'payment_intent');
        const charge = str(params, 'charge');
        return listOf(
          core
            .all('refund')
            .filter(
              (refund) => (!pi || refund.payment_intent === pi) && (!charge || refund.charge === charge),
            ),
          params,
          '/v1/refunds',
          ['payment_intent', 'charge'],
        );
      },
    },
    { method: 'GET', pattern: '/v1/refunds/:id', handler: get('refund') },
    {
      method: 'POST',
      pattern: '/v1/checkout/sessions',
      handler: ({ params }) => core.createCheckoutSession(params),
    },
    {
      method: 'GET',
      pattern: '/v1/checkout/sessions/:id',
      handler: get('checkout.session', 'checkout_session'),
    },
    {
      method: 'GET',
      pattern: '/v1/events',
      handler: ({ params }) => {
        const type = str(params, 'type');
        return listOf(
          core.state.events.filter((event) => !type || event.type === type),
          params,
          '/v1/events',
          ['type'],
        );
      },
    },
    {
      method: 'GET',
      pattern: '/v1/events/:id',
      handler: ({ id, params }) => {
        refuseUnknown(params, []);
        const event = core.state.events.find((item) => item.id === id);
        if (!event) throw notFound('event', id);
        return event;
      },
    },
  ];

  // ---- requests -----------------------------------------------------------------------------------
  const timeouts: { route: string | undefined; key: string | undefined; drop: boolean }[] = [];
  const inProgress = new Set<string>();
  let inFlight = 0;
  const idleWaiters: (() => void)[] = [];
  const requestWaiters: {
    route: string;
    key: string | undefined;
    count: number;
    resolve: (found: ReceivedRequest[]) => void;
  }[] = [];
  const received = (route: string, key: string | undefined) =>
    core.state.requests.filter(
      (request) => request.route === route && (key === undefined || request.idempotencyKey === key),
    );
  function notifyRequestWaiters(): void {
    for (const waiter of [...requestWaiters]) {
      const found = received(waiter.route, waiter.key);
      if (found.length >= waiter.count) {
        requestWaiters.splice(requestWaiters.indexOf(waiter), 1);
        waiter.resolve(found.map((request) => structuredClone(request)));
      }
    }
  }

  function answer(
    res: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ): void {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  }

  function errorBody(error: StripeFakeError): string {
    return toJson({
      error: {
        ...error.body,
        doc_url: error.body.code ? `https://stripe.com/docs/error-codes/${error.body.code}` : undefined,
      },
    });
  }

  /** Waits until the client hangs up (its timeout), or a minute at most. */
  function untilClientGivesUp(res: ServerResponse): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, 60_000);
      res.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const requestId = newId('request');
    const rawBody = method === 'POST' ? await readBody(req) : '';
    const keyHeader = req.headers['idempotency-key'];
    const idempotencyKey = typeof keyHeader === 'string' && keyHeader !== '' ? keyHeader : null;
    const matched = matchRoute(routes, method, url.pathname);
    const routeName = matched ? `${method} ${matched.route.pattern}` : `${method} ${url.pathname}`;
    const record: ReceivedRequest = {
      id: requestId,
      method,
      path: url.pathname,
      route: routeName,
      idempotencyKey,
      params: null,
      status: 0,
      replayed: false,
    };
    core.state.requests.push(record);
    notifyRequestWaiters();
    const reply = (status: number, body: string, headers: Record<string, string> = {}) => {
      record.status = status;
      persist();
      answer(res, status, body, { 'request-id': requestId, ...headers });
    };
    const fail = (error: StripeFakeError) => {
      reply(error.status, errorBody(error));
    };

    const auth = req.headers.authorization;
    if (!auth) {
      reply(
        401,
        toJson({ error: { type: 'invalid_request_error', message: 'You did not provide an API key.' } }),
      );
      return;
    }
    if (auth !== `Bearer ${secretKey}`) {
      reply(401, toJson({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }));
      return;
    }
    const version = req.headers['stripe-version'];
    if (version !== undefined && version !== core.apiVersion) {
      fail(
        invalid(`The fake speaks API version ${core.apiVersion}, not ${String(version)}.`, {
          code: 'api_version_invalid',
        }),
      );
      return;
    }
    if (!matched) {
      fail(
        new StripeFakeError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}).`,
        }),
      );
      return;
    }

    let params: Params;
    try {
      params = parseForm(method === 'POST' ? rawBody : url.search.slice(1));
    } catch (error) {
      if (error instanceof FormError) {
        fail(invalid(error.message, { param: error.param }));
        return;
      }
      throw error;
    }
    const expandParam = params.expand;
    delete params.expand;
    const expansions = (Array.isArray(expandParam) ? expandParam : []).filter(
      (item) => typeof item === 'string',
    );
    record.params = params;

    let key: string | undefined;
    if (method === 'POST') {
      if (
        idempotentRoutes.has(routeName) &&
        (!idempotencyKey || idempotencyKey.startsWith('stripe-node-retry-'))
      ) {
        fail(
          invalid(
            `${routeName} needs an Idempotency-Key of the caller's own (derived from what the request is for): the fake refuses it without one. The SDK's automatic stripe-node-retry-… key does not count.`,
            { code: 'idempotency_key_required' },
          ),
        );
        return;
      }
      if (idempotencyKey) {
        key = idempotencyKey;
        const bodyHash = createHash('sha256').update(rawBody).digest('hex');
        const stored = core.state.idempotency[key];
        if (stored) {
          if (stored.route !== routeName || stored.path !== url.pathname) {
            fail(
              new StripeFakeError(400, {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.path}'). Try using a key other than '${key}' if you meant to execute a different request.`,
              }),
            );
            return;
          }
          if (stored.bodyHash !== bodyHash) {
            fail(
              new StripeFakeError(400, {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              }),
            );
            return;
          }
          record.replayed = true;
          reply(stored.status, stored.body, { 'idempotent-replayed': 'true', 'idempotency-key': key });
          return;
        }
        if (inProgress.has(key)) {
          fail(
            new StripeFakeError(409, {
              type: 'invalid_request_error',
              code: 'idempotency_key_in_use',
              message: `There is currently another in-progress request using this Idempotency-Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
            }),
          );
          return;
        }
        inProgress.add(key);
        try {
          if (await holdIfTold()) run(params, bodyHash);
        } finally {
          inProgress.delete(key);
        }
        return;
      }
    }
    if (await holdIfTold()) run(params, undefined);

    /**
     * `timeOutNext`: no answer until the client hangs up; the request is carried out after (true), or
     * with `drop` never (false).
     */
    async function holdIfTold(): Promise<boolean> {
      const pending = timeouts.findIndex(
        (item) =>
          (item.route === undefined || item.route === routeName) &&
          (item.key === undefined || item.key === idempotencyKey),
      );
      if (pending < 0) return true;
      const [told] = timeouts.splice(pending, 1);
      await untilClientGivesUp(res);
      return !told?.drop;
    }

    function run(parsed: Params, bodyHash: string | undefined): void {
      let status = 200;
      let body: string;
      try {
        const result = core.withContext({ requestId, idempotencyKey }, () =>
          matched?.route.handler({ id: matched.id, params: parsed, method }),
        );
        const lookup = (id: string) => core.state.objects[id];
        body = toJson(
          expansions.reduce<unknown>((value, path) => expand(value, path.split('.'), lookup), result),
        );
      } catch (error) {
        if (!(error instanceof StripeFakeError)) throw error;
        status = error.status;
        body = errorBody(error);
      }
      // Stripe keeps the result of a request that ran (a success or a card error), not of one refused
      // before it ran (bad parameters, a wrong state).
      if (key && bodyHash && (status === 200 || status === 402)) {
        core.state.idempotency[key] = { route: routeName, path: url.pathname, bodyHash, status, body };
      }
      reply(status, body, key ? { 'idempotency-key': key } : {});
    }
  }

  // ---- hosted pages -------------------------------------------------------------------------------
  async function handlePage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const match = /^\/(checkout|authenticate)\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (!match) return false;
    const [, kind, id = ''] = match;
    /** Answers the page; true: the request was a page's. */
    const html = (status: number, body: string, location?: string): true => {
      res.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        ...(location ? { location } : {}),
      });
      res.end(body);
      return true;
    };
    const form = req.method === 'POST' ? parseForm(await readBody(req)) : {};
    try {
      if (kind === 'checkout') {
        const session = core.get('checkout.session', id, 'checkout_session');
        if (req.method !== 'POST') return html(200, checkoutPage(session));
        const card = CARD_CHOICES.find((choice) => choice.value === str(form, 'card'))?.value;
        if (!card) return html(400, checkoutPage(session, 'Choose a test card.'));
        try {
          core.completeCheckout(session, card);
        } catch (error) {
          persist();
          if (error instanceof StripeFakeError && error.status === 402) {
            return html(402, checkoutPage(session, error.message));
          }
          throw error;
        }
        persist();
        const success = session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
        return html(303, donePage('Redirecting…'), success);
      }
      const pi = core.get('payment_intent', id);
      if (req.method !== 'POST') return html(200, authenticationPage(pi));
      const back = pi.next_action?.redirect_to_url.return_url ?? null;
      core.authenticate(pi, str(form, 'result') === 'complete');
      persist();
      return html(back ? 303 : 200, donePage(`The payment is ${pi.status}.`), back ?? undefined);
    } catch (error) {
      if (error instanceof StripeFakeError) return html(error.status, donePage(error.message));
      throw error;
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const handle = async () => {
      if (await handlePage(req, res, url)) return;
      inFlight++;
      try {
        await handleApi(req, res, url);
      } finally {
        inFlight--;
        if (inFlight === 0) for (const resolve of idleWaiters.splice(0)) resolve();
      }
    };
    handle().catch((error: unknown) => {
      answer(
        res,
        500,
        toJson({
          error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The Stripe fake has no TCP address');
  const port = address.port;
  const url = `http://127.0.0.1:${port}`;
  core.baseUrl = url;

  return {
    url,
    port,
    secretKey,
    webhookSecret,
    declineNext({ count = 1, step = 'confirm', code = 'card_declined' } = {}) {
      const outcome: Outcome = code === 'card_declined' ? 'declined' : 'insufficient_funds';
      core.force(step, outcome, count);
    },
    requireActionNext(count = 1) {
      core.force('confirm', 'authentication_required', count);
    },
    timeOutNext({ count = 1, route, key, drop = false } = {}) {
      for (let i = 0; i < count; i++) timeouts.push({ route, key, drop });
    },
    webhooks: {
      setEndpoint(value) {
        endpoint = value;
      },
      hold() {
        holding = true;
      },
      release({ order = 'sent' } = {}) {
        holding = false;
        const events = held.splice(0, held.length);
        for (const event of order === 'reverse' ? events.reverse() : events) send(event);
      },
      duplicateNext(count = 1) {
        duplicates += count;
      },
      redeliver,
      retryFailed() {
        const last = new Map<string, WebhookDelivery>();
        for (const delivery of deliveries) last.set(delivery.eventId, delivery);
        for (const [eventId, delivery] of last) {
          const ok = typeof delivery.status === 'number' && delivery.status >= 200 && delivery.status < 300;
          if (!ok) redeliver(eventId);
        }
      },
      async settled() {
        let seen: Promise<void> | undefined;
        while (seen !== chain) {
          seen = chain;
          await chain;
        }
      },
      deliveries: () => [...deliveries],
    },
    objects: (type) => core.all(type).map((item) => structuredClone(item)),
    object: (id) => structuredClone(core.state.objects[id]),
    events: (type) =>
      core.state.events
        .filter((event) => !type || event.type === type)
        .map((event) => structuredClone(event)),
    requests: ({ route } = {}) =>
      core.state.requests
        .filter((request) => !route || request.route === route)
        .map((request) => structuredClone(request)),
    expireHold(paymentIntent) {
      core.expire(paymentIntent);
      persist();
    },
    expireCheckout(session) {
      core.expireCheckout(session);
      persist();
    },
    waitForRequest({ route, count = 1, key }) {
      return new Promise((resolve) => {
        requestWaiters.push({ route, key, count, resolve });
        notifyRequestWaiters();
      });
    },
    idle() {
      return new Promise((resolve) => {
        if (inFlight === 0) resolve();
        else idleWaiters.push(resolve);
      });
    },
    addCard(customer, behaviour = 'good') {
      core.get('customer', customer);
      const pm = core.makeCard(behaviour, customer);
      persist();
      return structuredClone(pm);
    },
    reset() {
      core.state = emptyState();
      core.clearForced();
      timeouts.length = 0;
      held.length = 0;
      deliveries.length = 0;
      duplicates = 0;
      holding = false;
      persist();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
