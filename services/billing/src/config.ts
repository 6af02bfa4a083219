import { z } from 'zod';
import { baseEnvSchema, durationMs } from '@medical-qr/platform';

/** An unset variable and an empty one (compose's `${STRIPE_SECRET_KEY:-}`) both mean "not configured". */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const billingEnvSchema = baseEnvSchema
  .extend({
    /** The provider's secret API key (sk_... or a restricted rk_...). Unset: payments are off, premium status still answers. */
    STRIPE_SECRET_KEY: optional(
      z
        .string()
        .trim()
        .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_..., sk_live_... or rk_...)'),
    ),
    /** Points the SDK at another host than api.stripe.com: the local Stripe stand-in (never in production). */
    STRIPE_API_URL: optional(
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, e.g. http://127.0.0.1:4100' }).trim(),
    ),
    /** Signs the provider's webhooks (whsec_...), from the webhook endpoint's settings. */
    STRIPE_WEBHOOK_SECRET: optional(
      z
        .string()
        .trim()
        .regex(/^whsec_\S+$/, 'must be a webhook signing secret (whsec_...)'),
    ),
    /**
     * How long one call to the provider may take before the SDK tries again (twice, with the same idempotency key).
     * Three tries and their pauses fit within the 20 s the gateway and the shop wait for billing, so the person hears
     * billing's own "try again" rather than a caller's timeout while billing is still at it.
     */
    STRIPE_TIMEOUT_MS: durationMs.max(6000).default(5000),
    /** How often billing looks for premium periods that ended without the provider saying so. */
    PREMIUM_END_SWEEP_INTERVAL_MS: durationMs.default(60_000),
  })
  .superRefine((config, ctx) => {
    if (config.STRIPE_API_URL && /^(sk|rk)_live_/.test(config.STRIPE_SECRET_KEY ?? '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_API_URL'],
        message: 'must not be set with a live key: the key would be sent to another host than Stripe',
      });
    }
    if (
      config.NODE_ENV === 'production' &&
      Boolean(config.STRIPE_SECRET_KEY) !== Boolean(config.STRIPE_WEBHOOK_SECRET)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: [config.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'],
        message:
          'set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither: without the webhook secret no payment is ever recorded',
      });
    }
  });

export type BillingConfig = z.infer<typeof billingEnvSchema>;
