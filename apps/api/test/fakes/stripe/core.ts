import type { Params } from './form.ts';
import {
  bool,
  child,
  currency,
  int,
  list,
  mergeMetadata,
  metadata,
  oneOf,
  refuseUnknown,
  required,
  str,
} from './params.ts';
import {
  type CardBehaviour,
  type FakeCharge,
  type FakeCheckoutSession,
  type FakeCustomer,
  type FakeEvent,
  type FakeObject,
  type FakePaymentIntent,
  type FakePaymentMethod,
  type FakeRefund,
  type FakeSetupIntent,
  type FakeState,
  invalid,
  newId,
  notFound,
  now,
  type ObjectType,
  StripeFakeError,
} from './store.ts';

/** What the next confirmation or capture does instead of following the card (test controls). */
export type Outcome = 'declined' | 'insufficient_funds' | 'authentication_required';
export type Step = 'confirm' | 'capture';

/** The request being answered: events record it as Stripe does (`event.request`). */
export type RequestContext = { requestId: string | null; idempotencyKey: string | null };

export type ObjectOf<T extends ObjectType> = Extract<FakeObject, { object: T }>;

const CARDS: Record<CardBehaviour, { brand: string; last4: string }> = {
  good: { brand: 'visa', last4: '4242' },
  declined: { brand: 'visa', last4: '0002' },
  insufficient_funds: { brand: 'visa', last4: '9995' },
  authentication_required: { brand: 'visa', last4: '3184' },
};

function isOf<T extends ObjectType>(item: FakeObject, type: T): item is ObjectOf<T> {
  return item.object === type;
}

const CAPTURE_STATES = ['requires_capture'] as const;
/** The part of Checkout's `locale` values the fake takes (Stripe refuses a value it does not know). */
const CHECKOUT_LOCALES = ['auto', 'en', 'fr', 'fr-CA'] as const;
const CANCEL_STATES = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
];

/**
 * Stripe's rules for the objects the fake keeps. Every method takes parsed form params and returns
 * the object to answer with, or throws a Stripe-shaped error.
 */
export class StripeFakeCore {
  state: FakeState;
  readonly apiVersion: string;
  /** The fake's own address, for checkout and authentication pages. */
  baseUrl = '';
  private readonly forced: { step: Step; outcome: Outcome }[] = [];
  private readonly onEvent: (event: FakeEvent) => void;
  private context: RequestContext = { requestId: null, idempotencyKey: null };

  constructor(state: FakeState, apiVersion: string, onEvent: (event: FakeEvent) => void) {
    this.state = state;
    this.apiVersion = apiVersion;
    this.onEvent = onEvent;
  }

  /** The next `count` confirmations (or captures) end with `outcome`, whatever the card. */
  force(step: Step, outcome: Outcome, count: number): void {
    for (let i = 0; i < count; i++) this.forced.push({ step, outcome });
  }

  clearForced(): void {
    this.forced.length = 0;
  }

  withContext<T>(context: RequestContext, run: () => T): T {
    const previous = this.context;
    this.context = context;
    try {
      return run();
    } finally {
      this.context = previous;
    }
  }

  // ---- storage ------------------------------------------------------------------------------------

  get<T extends ObjectType>(
    type: T,
    id: string,
    param: string = type.replace('checkout.session', 'checkout_session'),
  ): ObjectOf<T> {
    const found = this.state.objects[id];
    if (found === undefined || !isOf(found, type)) throw notFound(param, id);
    return found;
  }

  all<T extends ObjectType>(type: T): ObjectOf<T>[] {
    return Object.values(this.state.objects).filter((item) => isOf(item, type));
  }

  private put<T extends FakeObject>(item: T): T {
    this.state.objects[item.id] = item;
    return item;
  }

  private emit(type: string, item: FakeObject): void {
    const event: FakeEvent = {
      id: newId('event'),
      object: 'event',
      api_version: this.apiVersion,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: structuredClone(item) },
      request: { id: this.context.requestId, idempotency_key: this.context.idempotencyKey },
    };
    this.state.events.push(event);
    this.onEvent(event);
  }

  // ---- customers ----------------------------------------------------------------------------------

  createCustomer(params: Params): FakeCustomer {
    refuseUnknown(params, ['email', 'name', 'metadata', 'preferred_locales', 'description', 'phone']);
    return this.put({
      id: newId('customer'),
      object: 'customer',
      created: now(),
      livemode: false,
      email: str(params, 'email') ?? null,
      name: str(params, 'name') ?? null,
      preferred_locales: list(params, 'preferred_locales').filter((item) => typeof item === 'string'),
      metadata: metadata(params) ?? {},
      invoice_settings: { default_payment_method: null },
    });
  }

  updateCustomer(id: string, params: Params): FakeCustomer {
    refuseUnknown(params, ['email', 'name', 'metadata', 'preferred_locales', 'invoice_settings']);
    const customer = this.get('customer', id);
    const settings = child(params, 'invoice_settings');
    if (settings) {
      refuseUnknown(settings, ['default_payment_method']);
      const pmId = str(settings, 'default_payment_method');
      if (pmId) {
        const pm = this.get('payment_method', pmId, 'payment_method');
        if (pm.customer !== customer.id) {
          throw invalid(`The customer does not have a payment method with the ID ${pmId}.`, {
            code: 'resource_missing',
            param: 'invoice_settings[default_payment_method]',
          });
        }
      }
      customer.invoice_settings.default_payment_method = pmId === undefined || pmId === '' ? null : pmId;
    }
    const email = str(params, 'email');
    if (email !== undefined) customer.email = email === '' ? null : email;
    const name = str(params, 'name');
    if (name !== undefined) customer.name = name === '' ? null : name;
    customer.metadata = mergeMetadata(customer.metadata, metadata(params));
    return customer;
  }

  // ---- payment methods ----------------------------------------------------------------------------

  /** A card as the hosted page makes it (or `addCard` from a test). */
  makeCard(behaviour: CardBehaviour, customer: string | null): FakePaymentMethod {
    return this.put({
      id: newId('payment_method'),
      object: 'payment_method',
      created: now(),
      livemode: false,
      type: 'card',
      customer,
      card: {
        ...CARDS[behaviour],
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        country: 'CA',
        funding: 'credit',
      },
      billing_details: { email: null, name: null },
      metadata: {},
      fake_behaviour: behaviour,
    });
  }

  attach(id: string, params: Params): FakePaymentMethod {
    refuseUnknown(params, ['customer']);
    const pm = this.get('payment_method', id, 'payment_method');
    const customer = this.get('customer', required(params, 'customer'));
    if (pm.customer && pm.customer !== customer.id) {
      throw invalid('The payment method you provided has already been attached to a customer.', {
        code: 'payment_method_unexpected_state',
      });
    }
    pm.customer = customer.id;
    this.emit('payment_method.attached', pm);
    return pm;
  }

  detach(id: string, params: Params): FakePaymentMethod {
    refuseUnknown(params, []);
    const pm = this.get('payment_method', id, 'payment_method');
    if (!pm.customer) {
      throw invalid(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        {
          code: 'payment_method_unexpected_state',
        },
      );
    }
    const customer = this.get('customer', pm.customer);
    if (customer.invoice_settings.default_payment_method === pm.id)
      customer.invoice_settings.default_payment_method = null;
    pm.customer = null;
    this.emit('payment_method.detached', pm);
    return pm;
  }

  // ---- setup intents ------------------------------------------------------------------------------

  createSetupIntent(params: Params): FakeSetupIntent {
    refuseUnknown(params, [
      'customer',
      'payment_method',
      'usage',
      'payment_method_types',
      'metadata',
      'description',
    ]);
    const customer = str(params, 'customer');
    if (customer) this.get('customer', customer);
    const pm = str(params, 'payment_method');
    if (pm) this.get('payment_method', pm, 'payment_method');
    return this.put({
      id: newId('setup_intent'),
      object: 'setup_intent',
      created: now(),
      livemode: false,
      status: pm ? 'requires_confirmation' : 'requires_payment_method',
      customer: customer ?? null,
      payment_method: pm ?? null,
      usage: oneOf(params, 'usage', ['off_session', 'on_session'] as const) ?? 'off_session',
      payment_method_types: ['card'],
      metadata: metadata(params) ?? {},
    });
  }

  // ---- payment intents ----------------------------------------------------------------------------

  createPaymentIntent(params: Params): FakePaymentIntent {
    refuseUnknown(params, [
      'amount',
      'currency',
      'customer',
      'payment_method',
      'capture_method',
      'confirm',
      'off_session',
      'metadata',
      'description',
      'receipt_email',
      'setup_future_usage',
      'payment_method_types',
      'return_url',
      'statement_descriptor_suffix',
    ]);
    const amount = int(params, 'amount');
    if (amount === undefined)
      throw invalid('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
    if (amount < 50) {
      throw invalid('Amount must be at least $0.50 cad', { code: 'amount_too_small', param: 'amount' });
    }
    if (amount > 99_999_999)
      throw invalid('Amount must be no more than $999,999.99', { code: 'amount_too_large', param: 'amount' });
    const customerId = str(params, 'customer');
    if (customerId) this.get('customer', customerId);
    const pmId = str(params, 'payment_method');
    if (pmId) this.checkPaymentMethod(pmId, customerId ?? null);
    const confirm = bool(params, 'confirm') ?? false;
    const offSession = bool(params, 'off_session');
    if (offSession !== undefined && !confirm) {
      throw invalid('You may only specify `off_session` when `confirm` is true.', { param: 'off_session' });
    }
    if (confirm && !pmId) {
      throw invalid('You cannot confirm this PaymentIntent because it is missing a payment method.', {
        code: 'payment_intent_unexpected_state',
        param: 'payment_method',
      });
    }
    const id = newId('payment_intent');
    const pi = this.put<FakePaymentIntent>({
      id,
      object: 'payment_intent',
      created: now(),
      livemode: false,
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: currency(params),
      customer: customerId ?? null,
      payment_method: pmId ?? null,
      capture_method: oneOf(params, 'capture_method', ['automatic', 'manual'] as const) ?? 'automatic',
      confirmation_method: 'automatic',
      status: pmId ? 'requires_confirmation' : 'requires_payment_method',
      description: str(params, 'description') ?? null,
      receipt_email: str(params, 'receipt_email') ?? null,
      setup_future_usage: oneOf(params, 'setup_future_usage', ['off_session', 'on_session'] as const) ?? null,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      cancellation_reason: null,
      canceled_at: null,
      payment_method_types: ['card'],
      metadata: metadata(params) ?? {},
      client_secret: `${id}_secret_${newId('request').slice(4)}`,
    });
    this.emit('payment_intent.created', pi);
    if (confirm)
      this.confirm(pi, { offSession: offSession ?? false, returnUrl: str(params, 'return_url') ?? null });
    return pi;
  }

  private checkPaymentMethod(pmId: string, customer: string | null): FakePaymentMethod {
    const pm = this.get('payment_method', pmId, 'payment_method');
    if (pm.customer !== null && pm.customer !== customer) {
      throw invalid(`The provided PaymentMethod belongs to a different Customer.`, {
        param: 'payment_method',
      });
    }
    if (customer !== null && pm.customer === null) {
      throw invalid(
        `The provided PaymentMethod ${pmId} is not attached to Customer ${customer}; attach it before using it with this Customer.`,
        { param: 'payment_method' },
      );
    }
    return pm;
  }

  confirmPaymentIntent(id: string, params: Params): FakePaymentIntent {
    refuseUnknown(params, ['payment_method', 'off_session', 'return_url']);
    const pi = this.get('payment_intent', id);
    if (pi.status !== 'requires_confirmation' && pi.status !== 'requires_payment_method') {
      throw this.unexpectedState(pi, 'confirmed', ['requires_payment_method', 'requires_confirmation']);
    }
    const pmId = str(params, 'payment_method') ?? pi.payment_method;
    if (!pmId) {
      throw invalid('You cannot confirm this PaymentIntent because it is missing a payment method.', {
        code: 'payment_intent_unexpected_state',
      });
    }
    this.checkPaymentMethod(pmId, pi.customer);
    pi.payment_method = pmId;
    this.confirm(pi, {
      offSession: bool(params, 'off_session') ?? false,
      returnUrl: str(params, 'return_url') ?? null,
    });
    return pi;
  }

  private takeForced(step: Step): Outcome | undefined {
    const index = this.forced.findIndex((item) => item.step === step);
    if (index < 0) return undefined;
    const [item] = this.forced.splice(index, 1);
    return item?.outcome;
  }

  /**
   * Charges the card: authorised (manual capture) or paid (automatic), declined, or asking the customer
   * to authenticate. `authenticated` is the hosted page's challenge having been passed.
   */
  confirm(
    pi: FakePaymentIntent,
    options: { offSession: boolean; returnUrl: string | null; authenticated?: boolean },
  ): void {
    const pm = this.get('payment_method', pi.payment_method ?? '', 'payment_method');
    const outcome = this.takeForced('confirm') ?? pm.fake_behaviour;
    if (outcome === 'good' || (outcome === 'authentication_required' && options.authenticated)) {
      this.authorise(pi, pm);
      return;
    }
    if (outcome === 'authentication_required' && options.offSession) {
      // Stripe's answer to an off-session payment the bank wants confirmed: a 402 `authentication_required`
      // and the PaymentIntent back in `requires_payment_method` (Stripe's support article on manual
      // confirmation for off-session SCA), to be paid again with the customer present.
      const error = {
        type: 'card_error' as const,
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
        payment_method: pm.id,
      };
      pi.status = 'requires_payment_method';
      pi.last_payment_error = error;
      pi.next_action = null;
      this.emit('payment_intent.payment_failed', pi);
      throw new StripeFakeError(402, { ...error, payment_intent: structuredClone(pi) });
    }
    if (outcome === 'authentication_required') {
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `${this.baseUrl}/authenticate/${pi.id}`, return_url: options.returnUrl },
      };
      this.emit('payment_intent.requires_action', pi);
      return;
    }
    this.decline(pi, pm.id, outcome);
  }

  private decline(pi: FakePaymentIntent, pmId: string, outcome: 'declined' | 'insufficient_funds'): never {
    const error = {
      type: 'card_error' as const,
      code: 'card_declined',
      decline_code: outcome === 'declined' ? 'generic_decline' : 'insufficient_funds',
      message: outcome === 'declined' ? 'Your card was declined.' : 'Your card has insufficient funds.',
      payment_method: pmId,
    };
    pi.status = 'requires_payment_method';
    pi.last_payment_error = error;
    pi.next_action = null;
    this.emit('payment_intent.payment_failed', pi);
    throw new StripeFakeError(402, {
      type: error.type,
      code: error.code,
      decline_code: error.decline_code,
      message: error.message,
      payment_intent: structuredClone(pi),
    });
  }

  private authorise(pi: FakePaymentIntent, pm: FakePaymentMethod): void {
    const charge = this.put<FakeCharge>({
      id: newId('charge'),
      object: 'charge',
      created: now(),
      livemode: false,
      amount: pi.amount,
      amount_captured: pi.capture_method === 'automatic' ? pi.amount : 0,
      amount_refunded: 0,
      captured: pi.capture_method === 'automatic',
      refunded: false,
      currency: pi.currency,
      customer: pi.customer,
      payment_intent: pi.id,
      payment_method: pm.id,
      status: 'succeeded',
      paid: true,
      metadata: {},
    });
    pi.latest_charge = charge.id;
    pi.last_payment_error = null;
    pi.next_action = null;
    if (pi.setup_future_usage && pi.customer && pm.customer === null) pm.customer = pi.customer;
    if (pi.capture_method === 'manual') {
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
      this.emit('payment_intent.amount_capturable_updated', pi);
    } else {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      this.emit('charge.succeeded', charge);
      this.emit('payment_intent.succeeded', pi);
    }
  }

  /** The hosted authentication page's answer for an intent in `requires_action`. */
  authenticate(pi: FakePaymentIntent, passed: boolean): void {
    if (pi.status !== 'requires_action') throw this.unexpectedState(pi, 'authenticated', ['requires_action']);
    const pm = this.get('payment_method', pi.payment_method ?? '', 'payment_method');
    if (passed) {
      this.authorise(pi, pm);
      return;
    }
    pi.status = 'requires_payment_method';
    pi.next_action = null;
    pi.last_payment_error = {
      type: 'card_error',
      code: 'payment_intent_authentication_failure',
      decline_code: null,
      message: 'The provided payment method has failed authentication.',
      payment_method: pm.id,
    };
    this.emit('payment_intent.payment_failed', pi);
  }

  capture(id: string, params: Params): FakePaymentIntent {
    refuseUnknown(params, ['amount_to_capture', 'metadata', 'final_capture']);
    const pi = this.get('payment_intent', id);
    if (pi.status !== 'requires_capture') throw this.unexpectedState(pi, 'captured', CAPTURE_STATES);
    const amount = int(params, 'amount_to_capture') ?? pi.amount_capturable;
    if (amount > pi.amount_capturable) {
      throw invalid(
        `The amount to capture (${amount}) must be less than or equal to the amount capturable (${pi.amount_capturable}).`,
        { code: 'amount_too_large', param: 'amount_to_capture' },
      );
    }
    if (amount < 1)
      throw invalid('The amount to capture must be at least 1.', { param: 'amount_to_capture' });
    const forced = this.takeForced('capture');
    if (forced === 'declined' || forced === 'insufficient_funds') {
      // The authorisation stays: the office may try again or cancel it.
      throw new StripeFakeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: forced === 'declined' ? 'generic_decline' : 'insufficient_funds',
        message: forced === 'declined' ? 'Your card was declined.' : 'Your card has insufficient funds.',
        payment_intent: structuredClone(pi),
      });
    }
    const charge = this.get('charge', pi.latest_charge ?? '', 'charge');
    charge.amount_captured = amount;
    charge.captured = true;
    pi.amount_received = amount;
    pi.amount_capturable = 0;
    pi.status = 'succeeded';
    pi.metadata = mergeMetadata(pi.metadata, metadata(params));
    this.emit('charge.captured', charge);
    this.emit('payment_intent.succeeded', pi);
    return pi;
  }

  cancel(id: string, params: Params): FakePaymentIntent {
    refuseUnknown(params, ['cancellation_reason']);
    const pi = this.get('payment_intent', id);
    if (!CANCEL_STATES.includes(pi.status)) throw this.unexpectedState(pi, 'canceled', CANCEL_STATES);
    pi.cancellation_reason =
      oneOf(params, 'cancellation_reason', [
        'duplicate',
        'fraudulent',
        'requested_by_customer',
        'abandoned',
      ] as const) ?? null;
    pi.status = 'canceled';
    pi.canceled_at = now();
    pi.amount_capturable = 0;
    pi.next_action = null;
    this.emit('payment_intent.canceled', pi);
    return pi;
  }

  /** An authorisation that lapsed (Stripe lets a card hold live about 7 days): canceled, reason `automatic`. */
  expire(id: string): FakePaymentIntent {
    const pi = this.get('payment_intent', id);
    if (pi.status !== 'requires_capture') throw this.unexpectedState(pi, 'expired', CAPTURE_STATES);
    pi.status = 'canceled';
    pi.cancellation_reason = 'automatic';
    pi.canceled_at = now();
    pi.amount_capturable = 0;
    this.emit('payment_intent.canceled', pi);
    return pi;
  }

  /** A hosted page left unpaid past its `expires_at` (24 h by default): `expired`, with its event. */
  expireCheckout(id: string): FakeCheckoutSession {
    const session = this.get('checkout.session', id, 'checkout_session');
    if (session.status !== 'open')
      throw invalid('This Checkout Session is no longer open.', {
        code: 'checkout_session_unexpected_state',
      });
    session.status = 'expired';
    this.emit('checkout.session.expired', session);
    return session;
  }

  /** `done`: what could not be done to it, as Stripe words it ("captured", "canceled"). */
  private unexpectedState(pi: FakePaymentIntent, done: string, allowed: readonly string[]): StripeFakeError {
    return invalid(
      `This PaymentIntent could not be ${done} because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be ${done}: ${allowed.join(', ')}.`,
      { code: 'payment_intent_unexpected_state' },
    );
  }

  /** Stripe's search language, the part reconciliation uses: `metadata['k']:'v'`, `customer:'…'`, `status:'…'`, joined by AND. */
  searchPaymentIntents(query: string): FakePaymentIntent[] {
    const clauses = query.split(/\s+AND\s+/);
    const tests = clauses.map((clause) => {
      const match = /^(?:metadata\[['"]([^'"]+)['"]\]|(customer|status)):['"]([^'"]*)['"]$/.exec(
        clause.trim(),
      );
      if (!match)
        throw invalid(
          `The fake understands metadata['key']:'value', customer:'…' and status:'…' joined by AND; got ${clause}`,
          { param: 'query' },
        );
      const [, key, field, value] = match;
      return (pi: FakePaymentIntent) =>
        key !== undefined
          ? pi.metadata[key] === value
          : field === 'customer'
            ? pi.customer === value
            : pi.status === value;
    });
    return this.all('payment_intent').filter((pi) => tests.every((test) => test(pi)));
  }

  // ---- refunds ------------------------------------------------------------------------------------

  createRefund(params: Params): FakeRefund {
    refuseUnknown(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata']);
    const piId = str(params, 'payment_intent');
    const chargeId = str(params, 'charge');
    if (!piId && !chargeId)
      throw invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
        { code: 'parameter_missing' },
      );
    const pi = piId
      ? this.get('payment_intent', piId)
      : this.get('payment_intent', this.get('charge', chargeId ?? '').payment_intent);
    if (pi.status !== 'succeeded') {
      // Stripe would release an uncaptured hold here; the fake wants the adapter to cancel it instead.
      throw invalid(
        `This PaymentIntent has a status of ${pi.status}: only a succeeded payment can be refunded (cancel a hold to release it).`,
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const charge = this.get('charge', pi.latest_charge ?? '', 'charge');
    const left = charge.amount_captured - charge.amount_refunded;
    if (left === 0)
      throw invalid(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = int(params, 'amount') ?? left;
    if (amount < 1) throw invalid('Refund amount must be at least 1.', { param: 'amount' });
    if (amount > left) {
      throw invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    const refund = this.put<FakeRefund>({
      id: newId('refund'),
      object: 'refund',
      created: now(),
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: pi.id,
      reason: oneOf(params, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
      status: 'succeeded',
      metadata: metadata(params) ?? {},
    });
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount_captured;
    this.emit('refund.created', refund);
    this.emit('charge.refunded', charge);
    return refund;
  }

  // ---- checkout sessions --------------------------------------------------------------------------

  createCheckoutSession(params: Params): FakeCheckoutSession {
    refuseUnknown(params, [
      'mode',
      'customer',
      'customer_email',
      'client_reference_id',
      'success_url',
      'cancel_url',
      'line_items',
      'payment_intent_data',
      'setup_intent_data',
      'metadata',
      'locale',
      'currency',
      'payment_method_types',
      'expires_at',
    ]);
    const mode = oneOf(params, 'mode', ['setup', 'payment', 'subscription'] as const);
    if (!mode) throw invalid('Missing required param: mode.', { code: 'parameter_missing', param: 'mode' });
    if (mode === 'subscription')
      throw invalid('The fake keeps setup and payment modes only.', { param: 'mode' });
    const successUrl = required(params, 'success_url');
    for (const key of ['success_url', 'cancel_url']) {
      const value = str(params, key);
      if (value !== undefined && !/^https?:\/\/\S+$/.test(value))
        throw invalid(`Not a valid URL`, { code: 'url_invalid', param: key });
    }
    const customer = str(params, 'customer');
    if (customer) this.get('customer', customer);
    if (customer && params.customer_email !== undefined) {
      throw invalid('You may only specify one of these parameters: customer, customer_email.', {
        param: 'customer_email',
      });
    }
    oneOf(params, 'locale', CHECKOUT_LOCALES);
    if (mode === 'setup' && params.line_items !== undefined) {
      throw invalid('You can not pass `line_items` in `setup` mode.', { param: 'line_items' });
    }
    if (mode === 'setup' && params.payment_intent_data !== undefined) {
      throw invalid('You can not pass `payment_intent_data` in `setup` mode.', {
        param: 'payment_intent_data',
      });
    }
    const items = mode === 'payment' ? this.lineItems(params) : [];
    if (mode === 'payment' && items.length === 0) {
      throw invalid('`line_items` is required in `payment` mode.', {
        code: 'parameter_missing',
        param: 'line_items',
      });
    }
    const pid = child(params, 'payment_intent_data') ?? {};
    refuseUnknown(pid, ['capture_method', 'setup_future_usage', 'description', 'metadata']);
    const sid = child(params, 'setup_intent_data') ?? {};
    refuseUnknown(sid, ['metadata', 'description']);
    const id = newId('checkout.session');
    return this.put<FakeCheckoutSession>({
      id,
      object: 'checkout.session',
      created: now(),
      livemode: false,
      expires_at: int(params, 'expires_at') ?? now() + 24 * 3600,
      mode,
      status: 'open',
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      customer: customer ?? null,
      customer_email: str(params, 'customer_email') ?? null,
      client_reference_id: str(params, 'client_reference_id') ?? null,
      success_url: successUrl,
      cancel_url: str(params, 'cancel_url') ?? null,
      url: `${this.baseUrl}/checkout/${id}`,
      locale: str(params, 'locale') ?? null,
      currency: items[0]?.currency ?? (str(params, 'currency') ? currency(params) : null),
      amount_total:
        mode === 'payment' ? items.reduce((sum, item) => sum + item.amount * item.quantity, 0) : null,
      line_items_summary: items.map(({ name, amount, quantity }) => ({ name, amount, quantity })),
      payment_intent: null,
      setup_intent: null,
      metadata: metadata(params) ?? {},
      payment_intent_data: {
        capture_method: oneOf(pid, 'capture_method', ['automatic', 'manual'] as const) ?? 'automatic',
        setup_future_usage: oneOf(pid, 'setup_future_usage', ['off_session', 'on_session'] as const) ?? null,
        description: str(pid, 'description') ?? null,
        metadata: metadata(pid) ?? {},
      },
      setup_intent_data: { metadata: metadata(sid) ?? {} },
    });
  }

  private lineItems(params: Params): { name: string; amount: number; quantity: number; currency: string }[] {
    return list(params, 'line_items').map((raw, index) => {
      const param = `line_items[${index}]`;
      if (typeof raw === 'string' || Array.isArray(raw)) throw invalid(`Invalid object`, { param });
      refuseUnknown(raw, ['price_data', 'quantity']);
      const priceData = child(raw, 'price_data');
      if (!priceData)
        throw invalid('The fake takes line items with price_data only.', {
          code: 'parameter_missing',
          param: `${param}[price_data]`,
        });
      refuseUnknown(priceData, ['currency', 'unit_amount', 'product_data']);
      const product = child(priceData, 'product_data') ?? {};
      refuseUnknown(product, ['name', 'description']);
      const amount = int(priceData, 'unit_amount');
      if (amount === undefined)
        throw invalid('Missing required param: unit_amount.', {
          code: 'parameter_missing',
          param: `${param}[price_data][unit_amount]`,
        });
      return {
        name: required(product, 'name'),
        amount,
        quantity: int(raw, 'quantity') ?? 1,
        currency: currency(priceData),
      };
    });
  }

  /**
   * The hosted page's form was sent with a card. Completes the session, or throws the card's error
   * (the page shows it and the session stays open).
   */
  completeCheckout(session: FakeCheckoutSession, behaviour: CardBehaviour): void {
    if (session.status !== 'open')
      throw invalid('This Checkout Session is no longer open.', {
        code: 'checkout_session_unexpected_state',
      });
    if (session.mode === 'setup') {
      const outcome = this.takeForced('confirm') ?? behaviour;
      if (outcome === 'declined' || outcome === 'insufficient_funds') {
        throw new StripeFakeError(402, {
          type: 'card_error',
          code: 'card_declined',
          message: 'Your card was declined.',
        });
      }
      // A card that needs authentication passes the page's challenge here, and needs it again off session.
      const pm = this.makeCard(behaviour, session.customer);
      const seti = this.put<FakeSetupIntent>({
        id: newId('setup_intent'),
        object: 'setup_intent',
        created: now(),
        livemode: false,
        status: 'succeeded',
        customer: session.customer,
        payment_method: pm.id,
        usage: 'off_session',
        payment_method_types: ['card'],
        metadata: session.setup_intent_data.metadata,
      });
      if (session.customer) this.emit('payment_method.attached', pm);
      this.emit('setup_intent.succeeded', seti);
      session.setup_intent = seti.id;
    } else {
      const attach = session.payment_intent_data.setup_future_usage !== null && session.customer !== null;
      const pm = this.makeCard(behaviour, attach ? session.customer : null);
      let pi = session.payment_intent ? this.get('payment_intent', session.payment_intent) : undefined;
      if (!pi) {
        const id = newId('payment_intent');
        pi = this.put<FakePaymentIntent>({
          id,
          object: 'payment_intent',
          created: now(),
          livemode: false,
          amount: session.amount_total ?? 0,
          amount_capturable: 0,
          amount_received: 0,
          currency: session.currency ?? 'cad',
          customer: session.customer,
          payment_method: null,
          capture_method: session.payment_intent_data.capture_method,
          confirmation_method: 'automatic',
          status: 'requires_payment_method',
          description: session.payment_intent_data.description,
          receipt_email: null,
          setup_future_usage: session.payment_intent_data.setup_future_usage,
          latest_charge: null,
          last_payment_error: null,
          next_action: null,
          cancellation_reason: null,
          canceled_at: null,
          payment_method_types: ['card'],
          metadata: session.payment_intent_data.metadata,
          client_secret: `${id}_secret_${newId('request').slice(4)}`,
        });
        session.payment_intent = pi.id;
        this.emit('payment_intent.created', pi);
      }
      pi.payment_method = pm.id;
      this.confirm(pi, { offSession: false, returnUrl: null, authenticated: true });
      session.payment_status = pi.status === 'succeeded' ? 'paid' : 'unpaid';
    }
    session.status = 'complete';
    this.emit('checkout.session.completed', session);
  }
}
