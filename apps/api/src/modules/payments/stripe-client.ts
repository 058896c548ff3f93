import Stripe from 'stripe';
import { parseLoopbackApiBase } from '../../config.ts';

/**
 * The one place a `Stripe` client is made (decision 046). The API version is pinned to the one this
 * SDK release was built for, so an upgrade of the package is the only thing that changes it.
 */
export const STRIPE_API_VERSION = Stripe.API_VERSION;

export type StripeClientOptions = {
  secretKey: string;
  /** `STRIPE_API_BASE`: a loopback URL (the local fake); unset for Stripe itself. */
  apiBase?: string | undefined;
  /** Milliseconds before a request is abandoned (and retried with the same idempotency key). */
  timeoutMs?: number;
  /** Retries of a request that failed on the network or with 409/5xx; each reuses the idempotency key. */
  maxNetworkRetries?: number;
};

export class StripeApiBaseError extends Error {
  constructor(value: string, reason: string) {
    super(`STRIPE_API_BASE ${JSON.stringify(value)} refused: ${reason}`);
    this.name = 'StripeApiBaseError';
  }
}

/**
 * A Stripe client. With `apiBase` it talks to the fake at that loopback address, over the SDK's own
 * `protocol`, `host` and `port` options; any other address is refused, so a secret key never leaves
 * for a host that is not Stripe or this machine.
 */
export function createStripeClient(options: StripeClientOptions): Stripe {
  let target = {};
  if (options.apiBase !== undefined) {
    const parsed = parseLoopbackApiBase(options.apiBase);
    if ('error' in parsed) throw new StripeApiBaseError(options.apiBase, parsed.error);
    target = parsed;
  }
  return new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // Every write we make carries our own idempotency key, so a retry can never charge twice.
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    // Stripe's default is 80 s; a visit's payment step should fail (and be retried later) sooner.
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    ...target,
  });
}

/** The card adapter's settings: the SDK client, the webhook secret, `PAYMENT_HOLD_HOURS`, where Checkout returns. */
export type StripeCard = {
  stripe: Stripe;
  webhookSecret: string;
  /** `PAYMENT_HOLD_HOURS`. */
  holdHours: number;
  publicUrl: string;
};
