/**
 * A strict local fake of the part of Stripe's HTTP API the payments adapter uses (decision 046),
 * driven by the official SDK pointed at it with `STRIPE_API_BASE`. Started by the api tests and by e2e.
 */
export { DEFAULT_IDEMPOTENT_ROUTES, startStripeFake } from './stripe/server.ts';
export type { StripeFake, StripeFakeOptions, WebhookDelivery } from './stripe/server.ts';
export type { CardBehaviour, FakeEvent, ReceivedRequest } from './stripe/store.ts';
