/**
 * Calls that wait on Printify or the payment provider (a mockup is an upload and a product made
 * with images drawn; a checkout is a PaymentIntent): longer than a plain question, so a slow but
 * successful step is not reported as failed.
 */
export const PROVIDER_TIMEOUT_MS = 30_000;
