import type Stripe from 'stripe';

/** An API error as Stripe answers it: an HTTP status and `{ error: {...} }`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Stripe.StripeRawError,
  ) {
    super(body.message ?? body.type);
  }
}

const DOCS = 'https://stripe.com/docs/error-codes';

/** 400 `invalid_request_error`, naming the parameter at fault (in Stripe's bracket syntax, e.g. `items[0][price]`). */
export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code, doc_url: `${DOCS}/${code.replace(/_/g, '-')}` } : {}),
  });
}

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

export const unknownParam = (param: string) =>
  invalidRequest(`Received unknown parameter: ${param}`, param, 'parameter_unknown');

/** 404 `resource_missing`: "No such subscription: 'sub_...'". */
export function resourceMissing(kind: string, id: string, param?: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: `${DOCS}/resource-missing`,
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  });
}

/** 401: no key, or a key Stripe does not know (shown masked, as Stripe shows it). */
export function invalidApiKey(key: string | undefined): StripeApiError {
  if (!key) {
    return new StripeApiError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    });
  }
  return new StripeApiError(401, {
    type: 'invalid_request_error',
    message: `Invalid API Key provided: ${maskKey(key)}`,
  });
}

/** 401: a publishable key on a call that needs the secret key. */
export function publishableKeyNotAllowed(): StripeApiError {
  return new StripeApiError(401, {
    type: 'invalid_request_error',
    message:
      'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
  });
}

/** Stripe shows a key's prefix and its last four characters. */
export function maskKey(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  const rest = key.slice(prefix.length);
  if (rest.length <= 4) return `${prefix}${'*'.repeat(rest.length)}`;
  return `${prefix}${'*'.repeat(Math.min(rest.length - 4, 64))}${rest.slice(-4)}`;
}

/** 400 `idempotency_error`: the same key with other parameters, or on another endpoint. */
export function idempotencyMismatch(key: string, problem: 'parameters' | { first: string; now: string }) {
  const message =
    problem === 'parameters'
      ? `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`
      : `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${problem.first}' vs '${problem.now}'). Try using a key other than '${key}' if you meant to execute a different request.`;
  return new StripeApiError(400, { type: 'idempotency_error', message });
}

/** The card errors of Stripe's test cards, with Stripe's own messages. */
export const CARD_ERRORS = {
  card_declined: 'Your card was declined.',
  expired_card: 'Your card has expired.',
  incorrect_number: 'Your card number is incorrect.',
  invalid_number: 'Your card number is invalid.',
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_year: "Your card's expiration year is invalid.",
  invalid_cvc: "Your card's security code is invalid.",
  incorrect_cvc: "Your card's security code is incorrect.",
  insufficient_funds: 'Your card has insufficient funds.',
  payment_intent_authentication_failure:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

export type CardErrorCode = keyof typeof CARD_ERRORS;

/** The `error` of a card problem (402), also kept as a PaymentIntent's `last_payment_error`. */
export function cardErrorBody(
  code: CardErrorCode,
  extra: { param?: string; decline_code?: string; message?: string } = {},
): Stripe.StripeRawError {
  return {
    type: 'card_error',
    code,
    doc_url: `${DOCS}/${code.replace(/_/g, '-')}`,
    message: extra.message ?? CARD_ERRORS[code],
    ...(extra.param ? { param: extra.param } : {}),
    ...(extra.decline_code ? { decline_code: extra.decline_code } : {}),
  };
}

export const cardError = (code: CardErrorCode, extra: Parameters<typeof cardErrorBody>[1] = {}) =>
  new StripeApiError(402, cardErrorBody(code, extra));
