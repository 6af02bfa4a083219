import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import helmet from 'helmet';
import type { GatewayConfig } from '../config.js';

/**
 * Hashes of the inline scripts in the built pages (the pre-paint theme script), so CSP can allow
 * exactly those.
 */
export function inlineScriptHashes(distDir: string): string[] {
  if (!existsSync(distDir)) return [];
  const pages = readdirSync(distDir).filter((file) => file.endsWith('.html'));
  const hashes = pages.flatMap((page) =>
    [...readFileSync(join(distDir, page), 'utf8').matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
    ),
  );
  return [...new Set(hashes)];
}

/** Where the card form's scripts, frames and calls may go, by how payments are configured. */
export interface PaymentSources {
  scriptSrc: string[];
  frameSrc: string[];
  connectSrc: string[];
}

/** Stripe.js's own hosts (Stripe's CSP guide): the script, its card iframes and 3-D Secure frames, its API. */
const STRIPE_JS_SOURCES: PaymentSources = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};

/**
 * With the local stand-in the card form is ours and only calls the stand-in's API (its authentication page is a
 * top-level navigation, which CSP does not govern); with a real publishable key it is Stripe.js; with neither,
 * nothing is loaded and the policy stays same-origin.
 */
export function paymentSources(
  config: Pick<GatewayConfig, 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_BROWSER_API_URL'>,
): PaymentSources {
  if (config.STRIPE_BROWSER_API_URL)
    return { scriptSrc: [], frameSrc: [], connectSrc: [new URL(config.STRIPE_BROWSER_API_URL).origin] };
  if (config.STRIPE_PUBLISHABLE_KEY) return STRIPE_JS_SOURCES;
  return { scriptSrc: [], frameSrc: [], connectSrc: [] };
}

/** Where Google's Places library (the shop's address suggestions) loads from and calls. */
export interface MapsSources {
  scriptSrc: string[];
  connectSrc: string[];
  imgSrc: string[];
  styleSrc: string[];
  fontSrc: string[];
}

/**
 * Google's allowlist for the Maps JavaScript API (its CSP guide), for the directives the address field's
 * autocomplete uses; nothing when no maps key is set, so the policy stays same-origin.
 */
export function mapsSources(config: Pick<GatewayConfig, 'GOOGLE_MAPS_API_KEY'>): MapsSources {
  if (!config.GOOGLE_MAPS_API_KEY) return { scriptSrc: [], connectSrc: [], imgSrc: [], styleSrc: [], fontSrc: [] };
  return {
    scriptSrc: ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com'],
    connectSrc: ['https://*.googleapis.com', '*.google.com', 'https://*.gstatic.com'],
    imgSrc: ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com', '*.googleusercontent.com'],
    styleSrc: ['https://fonts.googleapis.com'],
    fontSrc: ['https://fonts.gstatic.com'],
  };
}

/** A Host header that is only a host name or address and a port (nothing that could end a CSP directive). */
const PLAIN_HOST = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/**
 * The live socket's own origin (/ws on the host the page came from, the same host the socket's origin check compares
 * against), in both schemes since a TLS proxy may stand in front; never any ws:/wss: host. 'self' alone covers it in
 * browsers that follow CSP 3, this for the others.
 */
export function liveSocketSources(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
}

/**
 * Helmet with a strict Content-Security-Policy: same-origin everything, no inline script but the hashed ones, and
 * the payment provider's and Google Maps' hosts only when they are configured.
 */
export function securityHeaders(
  config: Pick<
    GatewayConfig,
    'WEB_DIST_DIR' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_BROWSER_API_URL' | 'GOOGLE_MAPS_API_KEY'
  >,
) {
  const payments = paymentSources(config);
  const maps = mapsSources(config);
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(config.WEB_DIST_DIR), ...payments.scriptSrc, ...maps.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'", ...maps.styleSrc],
        imgSrc: ["'self'", 'data:', 'blob:', ...maps.imgSrc],
        connectSrc: ["'self'", liveSocketSources, ...payments.connectSrc, ...maps.connectSrc],
        frameSrc: ["'self'", ...payments.frameSrc],
        fontSrc: ["'self'", 'data:', ...maps.fontSrc],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Local and LAN runs are plain http; forcing https would break every asset there.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
