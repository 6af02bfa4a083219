import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from 'helmet';

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

/** Helmet with a strict Content-Security-Policy: same-origin everything, no inline script but the hashed ones. */
export function securityHeaders(distDir: string) {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(distDir)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
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
