import express, { type Request, type Response, type Router } from 'express';
import type Stripe from 'stripe';
import { escapeHtml, sendPage } from '../html.js';
import { ACCOUNT_NAME } from './objects.js';
import type { RouteContext } from './route-context.js';

/** Where the card issuer's 3D Secure page would be: Stripe sends browsers to hooks.stripe.com/3d_secure_2/hosted. */
export const AUTHENTICATION_PATH = '/3d_secure_2/hosted';

export function authenticationUrl(base: string, intent: Stripe.PaymentIntent): string {
  const url = new URL(AUTHENTICATION_PATH, base);
  url.searchParams.set('payment_intent', intent.id);
  url.searchParams.set('payment_intent_client_secret', intent.client_secret ?? '');
  return url.toString();
}

function amountText(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

const brandLine = `<div class="brand"><span class="dot" aria-hidden="true"></span>Card authentication · local Stripe stand-in</div>`;

function renderChallenge(intent: Stripe.PaymentIntent, method: Stripe.PaymentMethod | undefined): string {
  const card = method?.card;
  const brand = (card?.display_brand ?? card?.brand ?? '')
    .replace(/_/g, ' ')
    .replace(/\b\w/g, (first) => first.toUpperCase());
  const cardText = card ? `${brand} ending in ${card.last4}` : 'your card';
  return `${brandLine}
<div class="card">
<h1>Authenticate your payment</h1>
<p>${escapeHtml(ACCOUNT_NAME)} asks to charge <strong>${escapeHtml(amountText(intent.amount, intent.currency))}</strong> to ${escapeHtml(cardText)}.</p>
<p class="banner">This page stands in for your bank's 3D Secure check. No bank is involved: choose what the bank would answer.</p>
<!-- Complete comes first, so that it is the form's default button. -->
<form class="stack" method="post" action="${AUTHENTICATION_PATH}">
<input type="hidden" name="payment_intent" value="${escapeHtml(intent.id)}">
<input type="hidden" name="payment_intent_client_secret" value="${escapeHtml(intent.client_secret ?? '')}">
<div class="buttons">
<button class="primary" type="submit" name="decision" value="complete">Complete authentication</button>
<button type="submit" name="decision" value="fail">Fail authentication</button>
</div>
</form>
</div>`;
}

function renderMessage(title: string, message: string, link?: { href: string; text: string }): string {
  return `${brandLine}
<div class="card">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${link ? `<p><a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''}
</div>`;
}

/** The return URL with what Stripe adds: the PaymentIntent, its client secret and how the redirect went. */
function returnTarget(returnUrl: string, intent: Stripe.PaymentIntent): string {
  const target = new URL(returnUrl);
  target.searchParams.set('payment_intent', intent.id);
  target.searchParams.set('payment_intent_client_secret', intent.client_secret ?? '');
  target.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
  return target.toString();
}

/** One string field of a query or form; anything else counts as missing. */
function field(source: unknown, name: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value: unknown = Reflect.get(source, name);
  return typeof value === 'string' ? value : undefined;
}

const originOf = (url: string | null | undefined) => {
  try {
    return url ? [new URL(url).origin] : [];
  } catch {
    return [];
  }
};

/**
 * The page a PaymentIntent in `requires_action` sends the browser to: "Complete authentication" pays, "Fail
 * authentication" fails it as a bank would; either way the browser goes back to the `return_url` as Stripe sends it.
 */
export function authenticationRoutes(router: Router, { store, payments }: RouteContext): void {
  const form = express.urlencoded({ extended: false, limit: '4kb' });

  /** The PaymentIntent a link or form names, if its client secret matches. */
  function intentOf(source: unknown): Stripe.PaymentIntent | undefined {
    const intent = store.paymentIntents.get(field(source, 'payment_intent') ?? '');
    const secret = field(source, 'payment_intent_client_secret');
    return intent && secret !== undefined && intent.client_secret === secret ? intent : undefined;
  }

  function notFound(res: Response): void {
    sendPage(res, {
      status: 404,
      narrow: true,
      title: 'Authentication link not valid',
      body: renderMessage(
        'This authentication link is not valid',
        'The payment it was for is unknown to this stand-in, or the link is incomplete. Start the payment again.',
      ),
    });
  }

  /** Already answered (a second tab, the back button): back to the shop with how it went. */
  function alreadyDone(res: Response, intent: Stripe.PaymentIntent): void {
    const returnUrl = store.returnUrls.get(intent.id);
    if (returnUrl) return void res.redirect(303, returnTarget(returnUrl, intent));
    sendPage(res, {
      narrow: true,
      title: 'Nothing to authenticate',
      body: renderMessage('Nothing to authenticate', `This payment is ${intent.status.replace(/_/g, ' ')}.`),
    });
  }

  router.get(AUTHENTICATION_PATH, (req: Request, res: Response) => {
    const intent = intentOf(req.query);
    if (!intent) return notFound(res);
    if (intent.status !== 'requires_action') return alreadyDone(res, intent);
    const method =
      typeof intent.payment_method === 'string' ? store.paymentMethods.get(intent.payment_method) : undefined;
    sendPage(res, {
      narrow: true,
      title: 'Authenticate your payment (local Stripe stand-in)',
      formAction: originOf(store.returnUrls.get(intent.id)),
      body: renderChallenge(intent, method),
    });
  });

  router.post(AUTHENTICATION_PATH, form, (req: Request, res: Response) => {
    const intent = intentOf(req.body);
    if (!intent) return notFound(res);
    if (intent.status !== 'requires_action') return alreadyDone(res, intent);
    const completed = field(req.body, 'decision') === 'complete';
    // Like the bank's answer at Stripe, it is not an API request of the product's: its events have no request id.
    payments.authenticate(intent, completed, null);
    const returnUrl = store.returnUrls.get(intent.id);
    if (returnUrl) return void res.set('Cache-Control', 'no-store').redirect(303, returnTarget(returnUrl, intent));
    sendPage(res, {
      narrow: true,
      title: completed ? 'Authentication complete' : 'Authentication failed',
      body: renderMessage(
        completed ? 'Authentication complete' : 'Authentication failed',
        'You can close this window and go back to the app.',
      ),
    });
  });
}
