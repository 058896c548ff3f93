import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/**
 * What the fake holds: Stripe-shaped objects (the fields our adapter reads, named and shaped as in
 * Stripe's API), the events, the idempotent results and the requests it received. All of it is plain
 * JSON, so it can be written to a file and read back.
 */
export type Metadata = Record<string, string>;

/** How a fake card behaves when charged (chosen on the checkout page, or by `addCard`). */
export type CardBehaviour = 'good' | 'declined' | 'insufficient_funds' | 'authentication_required';

export type FakeCustomer = {
  id: string;
  object: 'customer';
  created: number;
  livemode: false;
  email: string | null;
  name: string | null;
  preferred_locales: string[];
  metadata: Metadata;
  invoice_settings: { default_payment_method: string | null };
};

export type FakePaymentMethod = {
  id: string;
  object: 'payment_method';
  created: number;
  livemode: false;
  type: 'card';
  customer: string | null;
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    country: string;
    funding: string;
  };
  billing_details: { email: string | null; name: string | null };
  metadata: Metadata;
  /** Not a Stripe field: the fake's test card. */
  fake_behaviour: CardBehaviour;
};

export type FakeSetupIntent = {
  id: string;
  object: 'setup_intent';
  created: number;
  livemode: false;
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
  customer: string | null;
  payment_method: string | null;
  usage: 'off_session' | 'on_session';
  payment_method_types: string[];
  metadata: Metadata;
};

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export type LastPaymentError = {
  type: 'card_error';
  code: string;
  decline_code: string | null;
  message: string;
  payment_method: string | null;
};

export type FakePaymentIntent = {
  id: string;
  object: 'payment_intent';
  created: number;
  livemode: false;
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  capture_method: 'automatic' | 'manual';
  confirmation_method: 'automatic';
  status: PaymentIntentStatus;
  description: string | null;
  receipt_email: string | null;
  setup_future_usage: 'off_session' | 'on_session' | null;
  latest_charge: string | null;
  last_payment_error: LastPaymentError | null;
  next_action: {
    type: 'redirect_to_url';
    redirect_to_url: { url: string; return_url: string | null };
  } | null;
  cancellation_reason: string | null;
  canceled_at: number | null;
  payment_method_types: string[];
  metadata: Metadata;
  client_secret: string;
};

export type FakeCharge = {
  id: string;
  object: 'charge';
  created: number;
  livemode: false;
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  refunded: boolean;
  currency: string;
  customer: string | null;
  payment_intent: string;
  payment_method: string;
  status: 'succeeded';
  paid: true;
  metadata: Metadata;
};

export type FakeRefund = {
  id: string;
  object: 'refund';
  created: number;
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  status: 'succeeded';
  metadata: Metadata;
};

export type FakeCheckoutSession = {
  id: string;
  object: 'checkout.session';
  created: number;
  livemode: false;
  expires_at: number;
  mode: 'setup' | 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  locale: string | null;
  currency: string | null;
  amount_total: number | null;
  line_items_summary: { name: string; amount: number; quantity: number }[];
  payment_intent: string | null;
  setup_intent: string | null;
  metadata: Metadata;
  /** What the payment intent made at completion takes (`payment_intent_data`). */
  payment_intent_data: {
    capture_method: 'automatic' | 'manual';
    setup_future_usage: 'off_session' | 'on_session' | null;
    description: string | null;
    metadata: Metadata;
  };
  setup_intent_data: { metadata: Metadata };
};

export type FakeObject =
  | FakeCustomer
  | FakePaymentMethod
  | FakeSetupIntent
  | FakePaymentIntent
  | FakeCharge
  | FakeRefund
  | FakeCheckoutSession;

export type ObjectType = FakeObject['object'];

export type FakeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  type: string;
  data: { object: FakeObject };
  request: { id: string | null; idempotency_key: string | null };
};

export type IdempotentResult = {
  route: string;
  path: string;
  bodyHash: string;
  status: number;
  body: string;
};

/** One request the fake received, as a test reads it ("exactly once at the fake"). */
export type ReceivedRequest = {
  id: string;
  method: string;
  path: string;
  /** The route it matched, e.g. `POST /v1/payment_intents/:id/capture`. */
  route: string;
  idempotencyKey: string | null;
  params: unknown;
  status: number;
  /** Answered from the stored result of an earlier request with the same key. */
  replayed: boolean;
};

export type FakeState = {
  objects: Record<string, FakeObject>;
  events: FakeEvent[];
  idempotency: Record<string, IdempotentResult>;
  requests: ReceivedRequest[];
};

export function emptyState(): FakeState {
  return { objects: {}, events: [], idempotency: {}, requests: [] };
}

export const ID_PREFIX: Record<ObjectType | 'event' | 'request', string> = {
  customer: 'cus',
  payment_method: 'pm',
  setup_intent: 'seti',
  payment_intent: 'pi',
  charge: 'ch',
  refund: 're',
  'checkout.session': 'cs_test',
  event: 'evt',
  request: 'req',
};

export function newId(kind: keyof typeof ID_PREFIX): string {
  return `${ID_PREFIX[kind]}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export function now(): number {
  return Math.floor(Date.now() / 1000);
}

/** Reads the state a previous run wrote, or starts empty. */
export function loadState(file: string | undefined): FakeState {
  if (!file || !existsSync(file)) return emptyState();
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isState(parsed)) throw new Error(`${file} does not hold a Stripe fake's state`);
  return parsed;
}

/** The file is the fake's own (written by `saveState`): its four parts are enough to recognise it. */
function isState(value: unknown): value is FakeState {
  return (
    typeof value === 'object' &&
    value !== null &&
    'objects' in value &&
    'events' in value &&
    Array.isArray(value.events) &&
    'idempotency' in value &&
    'requests' in value &&
    Array.isArray(value.requests)
  );
}

/** Writes the state whole (a rename, so a reader never sees half a file). */
export function saveState(file: string | undefined, state: FakeState): void {
  if (!file) return;
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
}

/** A Stripe-shaped error: the HTTP status and the `error` object of the body. */
export class StripeFakeError extends Error {
  readonly status: number;
  readonly body: {
    type: string;
    code?: string;
    decline_code?: string;
    param?: string;
    message: string;
    payment_intent?: FakePaymentIntent;
    doc_url?: string;
  };
  constructor(status: number, body: StripeFakeError['body']) {
    super(body.message);
    this.name = 'StripeFakeError';
    this.status = status;
    this.body = body;
  }
}

export const invalid = (message: string, extra: { code?: string; param?: string } = {}) =>
  new StripeFakeError(400, { type: 'invalid_request_error', message, ...extra });

export const notFound = (param: string, id: string) =>
  new StripeFakeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${param.replace(/_/g, ' ')}: '${id}'`,
  });
