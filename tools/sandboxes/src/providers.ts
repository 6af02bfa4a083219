import { googleProvider } from './google/index.js';
import { printifyProvider } from './printify/index.js';
import type { ProviderDescriptor } from './provider-descriptor.js';
import { smtpProvider } from './smtp/index.js';
import { stripeProvider } from './stripe/index.js';
import { twilioProvider } from './twilio/index.js';

/**
 * Every provider stand-in, in the order `npm start` reports them. The sandbox server, its configuration and the
 * launcher all loop over this list: a new stand-in is its folder under src/ plus one entry here. Routers are mounted
 * in this order; Stripe comes after Google, whose `/v1/userinfo` shares Stripe's `/v1` prefix, and after Printify,
 * whose `/v1/catalog`, `/v1/uploads` and `/v1/shops` it would otherwise answer with its "Unrecognized request URL".
 */
export const PROVIDERS: readonly ProviderDescriptor[] = [
  smtpProvider,
  googleProvider,
  printifyProvider,
  stripeProvider,
  twilioProvider,
];
