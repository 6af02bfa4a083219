import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { baseEnvSchema, DATABASE_VARIABLES, smsEnvSchema } from '@medical-qr/platform';
import { DEFAULT_PRINTIFY_IMAGE_HOSTS, imageHostsProblem } from './shop-assets/image-origins.js';
import { cardFontsProblem, DEFAULT_CARD_FONTS_DIR } from './wallet-card/card-fonts.js';

// The gateway holds no database credentials: what it knows of PostgreSQL, it asks the services.
export const gatewayEnvSchema = baseEnvSchema
  .omit(DATABASE_VARIABLES)
  .extend({
    /** Twilio's account and auth token, which sign its calls to the gateway (status callbacks, texts from phones). */
    ...smsEnvSchema.shape,
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Where the gateway listens: loopback unless told otherwise (containers set 0.0.0.0). */
    HOST: z.string().min(1).default('127.0.0.1'),
    /** The built web app the gateway serves for every path outside /api. */
    WEB_DIST_DIR: z
      .string()
      .min(1)
      .default(fileURLToPath(new URL('../../../web/dist', import.meta.url))),
    /** Base of links in QR codes and mails; the request origin when unset (never in production: see below). */
    PUBLIC_BASE_URL: z.url().optional(),
    /** Largest JSON body accepted. */
    BODY_LIMIT: z
      .string()
      .regex(/^\d+(b|kb|mb)$/)
      .default('100kb'),
    /** Reverse proxies in front of the gateway whose X-Forwarded-* headers are trusted (client IPs for rate limits). */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** Signs session cookies. At least 32 characters. */
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)'),
    /** A session unused this long ends. */
    SESSION_IDLE_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(24),
    /** Cookies marked Secure: `auto` follows the request (https behind a trusted proxy). */
    COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
    /** Requests per 5 minutes per IP on public endpoints (terms: 100). */
    RATE_LIMIT_PUBLIC_PER_5_MIN: z.coerce.number().int().positive().default(100),
    /** Failed sign-ins per account and IP per 15 minutes before 429 (terms: 5). */
    RATE_LIMIT_LOGIN_FAILURES_PER_15_MIN: z.coerce.number().int().positive().default(5),
    /** Failed sign-ins per account from all addresses together per 15 minutes before 429 (docs/decisions.md). */
    RATE_LIMIT_ACCOUNT_FAILURES_PER_15_MIN: z.coerce.number().int().positive().default(20),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
    /** The local provider stand-ins (never in production); /dev/mailbox is proxied to it. */
    SANDBOX_URL: z.url().optional(),
    /** Stripe's publishable key (pk_...) the card form uses; unset = payments are not configured. */
    STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_...)').optional(),
    /**
     * The local Stripe stand-in as a browser reaches it (never in production): when set, the web shows the
     * stand-in's card form, which confirms payments against this address instead of loading Stripe.js.
     */
    STRIPE_BROWSER_API_URL: z.url().optional(),
    /**
     * Where the image proxy may fetch print shop pictures from: comma-separated origins (`https://host[:port]`), or
     * `host[:port]` entries, which mean https there and, outside production, plain http too (the local stand-in's).
     */
    PRINTIFY_IMAGE_HOSTS: z.string().default(DEFAULT_PRINTIFY_IMAGE_HOSTS),
    /** Google Maps' browser key for address suggestions in the shop; unset = plain address fields. */
    GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
    /**
     * The service's SMS number (E.164, `+15551234567`), which a responder without data texts a printed reference to:
     * printed beside the reference and shown to the owner. Unset: no SMS, and only the reference is printed.
     */
    TWILIO_FROM_NUMBER: z
      .string()
      .regex(/^\+[1-9]\d{1,14}$/, 'must be a phone number in E.164 form, such as +15551234567')
      .optional(),
    /** Where the wallet card's fonts are: Debian's TrueType folder, as fonts-noto-core and fonts-droid-fallback lay it out. */
    CARD_FONTS_DIR: z.string().min(1).default(DEFAULT_CARD_FONTS_DIR),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && !config.PUBLIC_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_BASE_URL'],
        message: 'is required in production, so that links in mails never follow a forged Host header',
      });
    }
    if (config.NODE_ENV === 'production' && config.SANDBOX_URL) {
      ctx.addIssue({ code: 'custom', path: ['SANDBOX_URL'], message: 'must not be set in production' });
    }
    if (config.NODE_ENV === 'production' && config.STRIPE_BROWSER_API_URL) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_BROWSER_API_URL'], message: 'must not be set in production' });
    }
    if (config.STRIPE_BROWSER_API_URL && !config.STRIPE_PUBLISHABLE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: 'is required when STRIPE_BROWSER_API_URL is set (the card form sends it to the stand-in)',
      });
    }
    // Checked at start: a missing font would otherwise show only when someone downloads a wallet card.
    const fonts = cardFontsProblem(config.CARD_FONTS_DIR);
    if (fonts) ctx.addIssue({ code: 'custom', path: ['CARD_FONTS_DIR'], message: fonts });
    const imageHosts = imageHostsProblem(config.PRINTIFY_IMAGE_HOSTS, config.NODE_ENV !== 'production');
    if (imageHosts) ctx.addIssue({ code: 'custom', path: ['PRINTIFY_IMAGE_HOSTS'], message: imageHosts });
    if (Boolean(config.GOOGLE_CLIENT_ID) !== Boolean(config.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
      });
    }
  });

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;
