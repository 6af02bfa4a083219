import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { baseEnvSchema } from '@medical-qr/platform';

export const gatewayEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** The built web app the gateway serves for every path outside /api. */
  WEB_DIST_DIR: z.string().min(1).default(fileURLToPath(new URL('../../../web/dist', import.meta.url))),
  /** Base of the card links printed in QR codes; the request origin when unset. */
  PUBLIC_BASE_URL: z.url().optional(),
  /** Largest JSON body accepted. */
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/).default('100kb'),
  /** Reverse proxies in front of the gateway whose X-Forwarded-* headers are trusted (client IPs for rate limits). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
});

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;
