import type { PaymentIntent, StripeError } from '@stripe/stripe-js';
import type { CardDetails, CardFormValues } from './card-fields';

/**
 * What Stripe.js does for a card payment, done against the local Stripe stand-in (when the gateway's stripe key
 * comes with an `apiUrl`): create a PaymentMethod from the card, then confirm the PaymentIntent with it. Same
 * requests as Stripe's (form-encoded, the publishable key as the bearer), same answers (Stripe's objects and errors).
 */

export type PaymentOutcome =
  | { kind: 'succeeded' }
  /** The bank wants the card holder to confirm (3-D Secure): the browser goes there and comes back to returnUrl. */
  | { kind: 'redirect'; url: string }
  /** The provider's message, on the field it concerns when it names one. */
  | { kind: 'failed'; message: string; field?: keyof CardFormValues };

export const UNREACHABLE_PROVIDER = "We couldn't reach the payment provider. Check your connection and try again.";
export const PAYMENT_NOT_COMPLETED = 'The payment could not be completed. Please try another card.';

export interface StandInAccount {
  /** The stand-in's address as the browser reaches it. */
  apiUrl: string;
  publishableKey: string;
}

/** `pi_123_secret_456` → `pi_123`: a client secret names its PaymentIntent. */
export function paymentIntentIdOf(clientSecret: string): string {
  const index = clientSecret.indexOf('_secret_');
  return index > 0 ? clientSecret.slice(0, index) : clientSecret;
}

export async function confirmCardPaymentWithStandIn(
  account: StandInAccount,
  { clientSecret, card, returnUrl }: { clientSecret: string; card: CardDetails; returnUrl: string },
): Promise<PaymentOutcome> {
  const method = await call<{ id: string }>(account, 'POST', '/v1/payment_methods', {
    type: 'card',
    'card[number]': card.number,
    'card[exp_month]': String(card.expMonth),
    'card[exp_year]': String(card.expYear),
    'card[cvc]': card.cvc,
    'billing_details[address][country]': 'US',
  });
  if ('failure' in method) return method.failure;

  const intentPath = `/v1/payment_intents/${encodeURIComponent(paymentIntentIdOf(clientSecret))}`;
  const confirmed = await call<PaymentIntent>(account, 'POST', `${intentPath}/confirm`, {
    client_secret: clientSecret,
    payment_method: method.body.id,
    return_url: returnUrl,
  });
  if ('failure' in confirmed) return confirmed.failure;
  return outcomeOf(confirmed.body);
}

/** The PaymentIntent behind a client secret, as the browser may read it (why a payment failed). */
export async function retrievePaymentIntentFromStandIn(
  account: StandInAccount,
  clientSecret: string,
): Promise<PaymentIntent | null> {
  const path = `/v1/payment_intents/${encodeURIComponent(paymentIntentIdOf(clientSecret))}?client_secret=${encodeURIComponent(clientSecret)}`;
  const answer = await call<PaymentIntent>(account, 'GET', path);
  return 'failure' in answer ? null : answer.body;
}

/** What a confirmed PaymentIntent means for the person paying. */
export function outcomeOf(
  intent: Pick<PaymentIntent, 'status' | 'next_action' | 'last_payment_error'>,
): PaymentOutcome {
  if (intent.status === 'succeeded' || intent.status === 'processing') return { kind: 'succeeded' };
  const redirect = intent.next_action?.redirect_to_url?.url;
  if (intent.status === 'requires_action' && intent.next_action?.type === 'redirect_to_url' && redirect) {
    return { kind: 'redirect', url: redirect };
  }
  return { kind: 'failed', message: intent.last_payment_error?.message || PAYMENT_NOT_COMPLETED };
}

/** A provider error (a card error's message is written for the card holder), on the field its `param` names. */
export function failureFrom(error: Partial<Pick<StripeError, 'message' | 'param'>> | undefined): PaymentOutcome {
  const message = error?.message || PAYMENT_NOT_COMPLETED;
  const param = error?.param ?? '';
  if (/number/.test(param)) return { kind: 'failed', message, field: 'cardNumber' };
  if (/exp_(month|year)/.test(param)) return { kind: 'failed', message, field: 'expiry' };
  if (/cvc/.test(param)) return { kind: 'failed', message, field: 'cvc' };
  return { kind: 'failed', message };
}

type Answer<T> = { body: T } | { failure: PaymentOutcome };

async function call<T>(
  { apiUrl, publishableKey }: StandInAccount,
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string>,
): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(`${apiUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${publishableKey}`,
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
  } catch {
    return { failure: { kind: 'failed', message: UNREACHABLE_PROVIDER } };
  }
  let body: unknown = null;
  try {
    body = JSON.parse(await response.text());
  } catch {
    // Not JSON: treated as an answer without details below.
  }
  if (!response.ok) {
    const error = (body as { error?: Partial<StripeError> } | null)?.error;
    return { failure: failureFrom(error) };
  }
  return { body: body as T };
}
