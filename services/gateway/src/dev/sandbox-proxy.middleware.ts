import type { NextFunction, Request, Response } from 'express';
import { ErrorCodes } from '@medical-qr/contracts';
import type { GatewayConfig } from '../config.js';
import { startedOnAnotherSite } from '../http/request-site.js';
import { CROSS_SITE_REFUSED } from '../http/same-origin.guard.js';

/** The stand-ins' pages and lists shown on the app's own origin, and what each may be asked. */
const READ_AND_CLEAR = /^\/dev\/(mailbox|messages)(\.json)?$/;
/** A text from a phone, handed to the Twilio stand-in, which posts it to the product's webhook. */
const INBOUND_TEXT = '/dev/messages/inbound';
/** A text is at most 1600 characters; its form or JSON stays far below this. */
const MAX_FORWARDED_BYTES = 64 * 1024;
/** The stand-in waits up to 15 s for the product's webhook, as Twilio does; this waits a little longer. */
const INBOUND_TIMEOUT_MS = 20_000;

class BodyTooLarge extends Error {}

/**
 * The request's body as the client sent it: a JSON body was already read by the gateway's parser, which keeps its
 * bytes in `req.rawBody`; a form body no parser here reads, so it is still in the stream.
 */
async function bodyOf(req: Request): Promise<Buffer> {
  const raw = (req as Request & { rawBody?: Buffer }).rawBody;
  if (raw) return raw;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORWARDED_BYTES) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** What to ask the sandbox for this request, or undefined when it is not one of the proxied paths and methods. */
async function upstreamRequest(req: Request): Promise<RequestInit | undefined> {
  if (READ_AND_CLEAR.test(req.path)) {
    return { method: req.method === 'DELETE' ? 'DELETE' : 'GET', signal: AbortSignal.timeout(5000) };
  }
  if (req.path === INBOUND_TEXT && req.method === 'POST') {
    const headers: Record<string, string> = { 'content-type': req.get('content-type') ?? 'application/octet-stream' };
    // The reply form in a browser is shown a page; a test gets JSON.
    const accept = req.get('accept');
    if (accept) headers.accept = accept;
    return {
      method: 'POST',
      headers,
      body: new Uint8Array(await bodyOf(req)),
      signal: AbortSignal.timeout(INBOUND_TIMEOUT_MS),
    };
  }
  return undefined;
}

/**
 * In local and test runs, the stand-ins' pages on the app's own origin: `/dev/mailbox` (and `.json`) shows the mail
 * the SMTP stand-in caught, `/dev/messages` (and `.json`) the texts the Twilio stand-in holds, and
 * `POST /dev/messages/inbound` texts the service as a phone would. Never mounted in production (the config refuses
 * SANDBOX_URL there).
 */
export function sandboxProxy(sandboxUrl: string, config: GatewayConfig) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!READ_AND_CLEAR.test(req.path) && req.path !== INBOUND_TEXT) return next();
    // A form on another site must not clear the mailbox or text the local system, as on the app's own routes.
    if (req.method !== 'GET' && req.method !== 'HEAD' && startedOnAnotherSite(req, config, ['same-origin', 'none'])) {
      res.status(403).json({ statusCode: 403, code: ErrorCodes.FORBIDDEN, message: CROSS_SITE_REFUSED });
      return;
    }
    try {
      const init = await upstreamRequest(req);
      if (!init) return next();
      const upstream = await fetch(`${sandboxUrl}${req.originalUrl}`, init);
      res.status(upstream.status);
      res.setHeader('content-type', upstream.headers.get('content-type') ?? 'text/plain');
      res.setHeader('cache-control', 'no-store');
      res.send(Buffer.from(await upstream.arrayBuffer()));
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        res.status(413).json({
          statusCode: 413,
          code: ErrorCodes.PAYLOAD_TOO_LARGE,
          message: `A text from a phone is at most ${MAX_FORWARDED_BYTES / 1024} kB.`,
        });
        return;
      }
      res.status(503).json({
        statusCode: 503,
        code: ErrorCodes.SERVICE_UNAVAILABLE,
        message: 'The local provider stand-ins are not running.',
      });
    }
  };
}
