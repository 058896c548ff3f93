import type { CardBehaviour, FakeCheckoutSession, FakePaymentIntent } from './store.ts';

/**
 * The fake's stand-ins for Stripe's hosted pages: plain HTML forms a test (or Playwright) fills in.
 * They hold no card number: the choice of a test card is all they ask.
 */

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const CARD_CHOICES: { value: CardBehaviour; label: string }[] = [
  { value: 'good', label: 'Good card (Visa 4242)' },
  { value: 'declined', label: 'Declining card (Visa 0002)' },
  { value: 'insufficient_funds', label: 'Card with insufficient funds (Visa 9995)' },
  { value: 'authentication_required', label: 'Card requiring authentication (Visa 3184)' },
];

/** In English whatever the session's locale: a stand-in for Stripe's page, seen only in tests. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body>
<main>
<h1>${escape(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

export function checkoutPage(session: FakeCheckoutSession, error?: string): string {
  if (session.status !== 'open') {
    return page('Checkout', `<p>This checkout session is ${escape(session.status)}.</p>`);
  }
  const what =
    session.mode === 'setup'
      ? '<p>Save a card for later payments.</p>'
      : `<ul>${session.line_items_summary
          .map(
            (item) =>
              `<li>${escape(item.name)} × ${item.quantity}: ${money(item.amount * item.quantity, session.currency ?? 'cad')}</li>`,
          )
          .join(
            '',
          )}</ul><p>Total: <strong>${money(session.amount_total ?? 0, session.currency ?? 'cad')}</strong></p>`;
  const choices = CARD_CHOICES.map(
    (choice, index) =>
      `<p><label><input type="radio" name="card" value="${choice.value}"${index === 0 ? ' checked' : ''}> ${escape(choice.label)}</label></p>`,
  ).join('\n');
  const cancel = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Back</a></p>` : '';
  return page(
    session.mode === 'setup' ? 'Save your card' : 'Pay',
    `${what}
${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/checkout/${escape(session.id)}">
<fieldset><legend>Test card</legend>
${choices}
</fieldset>
<button type="submit">${session.mode === 'setup' ? 'Save card' : 'Pay'}</button>
</form>
${cancel}`,
  );
}

export function authenticationPage(pi: FakePaymentIntent): string {
  if (pi.status !== 'requires_action') {
    return page('Authentication', `<p>Nothing to confirm: this payment is ${escape(pi.status)}.</p>`);
  }
  return page(
    'Confirm the payment',
    `<p>Your bank asks you to confirm a payment of ${money(pi.amount, pi.currency)}.</p>
<form method="post" action="/authenticate/${escape(pi.id)}">
<button type="submit" name="result" value="complete">Complete authentication</button>
<button type="submit" name="result" value="fail">Fail authentication</button>
</form>`,
  );
}

export function donePage(text: string): string {
  return page('Done', `<p>${escape(text)}</p>`);
}
