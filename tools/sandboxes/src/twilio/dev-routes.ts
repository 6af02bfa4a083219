import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { sendPage } from '../html.js';
import type { InboundTexts } from './inbound.js';
import { toDevMessage, type MessageStore } from './messages.js';
import { renderInboundResult, renderMessagesPage } from './messages-page.js';
import type { MessageLifecycle } from './status-callbacks.js';
import { MAX_BODY_CHARS } from './message-routes.js';
import { isPhoneNumber } from './phone-numbers.js';
import type { OptOuts } from './opt-outs.js';

/** A text from a phone, as a test (JSON) or the reply form (form-encoded) gives it. */
const inboundSchema = z.object({
  from: z
    .string({ error: '"from" is required: the phone number that texts, in E.164 (+15551234567)' })
    .trim()
    .refine(
      isPhoneNumber,
      '"from" must be a phone number in E.164 form: a plus, the country code and the number, e.g. +15551234567',
    ),
  body: z
    .string({ error: '"body" is required: the text' })
    .refine((body) => body.length > 0, '"body" must not be empty')
    .refine(
      (body) => [...body].length <= MAX_BODY_CHARS,
      `"body" must be at most ${MAX_BODY_CHARS} characters (Twilio's limit)`,
    ),
});

const invalid = (res: Response, status: number, description: string) =>
  res.status(status).json({ error: 'invalid_request', error_description: description });

function numberFilter(req: Request, name: 'to' | 'from'): string | undefined {
  const value = req.query[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** Whether the caller is a browser submitting the page's form (it is shown a page, not JSON). */
const wantsPage = (req: Request) =>
  req.is('application/x-www-form-urlencoded') && req.accepts(['json', 'html']) === 'html';

/**
 * `GET /dev/messages` (HTML), `GET /dev/messages.json[?to=&from=]` (newest first), `DELETE /dev/messages.json` (texts and opt-outs: a clean slate), and
 * `POST /dev/messages/inbound` ({from, body}: a phone texts the service, and the product's webhook hears of it).
 */
export function devRoutes(
  store: MessageStore,
  optOuts: OptOuts,
  lifecycle: MessageLifecycle,
  inbound: InboundTexts,
  serviceNumber: string,
): Router {
  const router = Router();
  router.get('/dev/messages.json', (req, res) => {
    const filter = { to: numberFilter(req, 'to'), from: numberFilter(req, 'from') };
    res.set('Cache-Control', 'no-store').json(store.list(filter).map(toDevMessage));
  });
  router.get('/dev/messages', (_req, res) => {
    sendPage(res, {
      title: 'Local texts · Medical QR',
      body: renderMessagesPage(store.list().map(toDevMessage), serviceNumber),
    });
  });
  router.delete(['/dev/messages', '/dev/messages.json'], (_req, res) => {
    store.clear();
    optOuts.clear();
    lifecycle.clear();
    res.status(204).end();
  });
  router.post(
    '/dev/messages/inbound',
    express.json({ limit: '16kb' }),
    express.urlencoded({ extended: false, limit: '16kb' }),
    async (req: Request, res: Response) => {
      const parsed = inboundSchema.safeParse(req.body ?? {});
      if (!parsed.success) {
        return invalid(res, 400, parsed.error.issues.map((issue) => issue.message).join('; '));
      }
      if (!inbound.webhookUrl) {
        return invalid(
          res,
          503,
          'The stand-in does not know the product address (SANDBOX_PRODUCT_URL), so it cannot deliver a text to it.',
        );
      }
      const result = await inbound.receive(parsed.data.from, parsed.data.body);
      if (wantsPage(req)) {
        sendPage(res, { title: 'Text delivered · Medical QR', body: renderInboundResult(result), narrow: true });
        return;
      }
      res.status(result.productStatus === undefined ? 502 : 200).json(result);
    },
  );
  // A body the parsers refuse (bad JSON, too large): a 4xx that says so.
  router.use(
    '/dev/messages',
    (error: Error & { status?: number }, _req: Request, res: Response, next: NextFunction) => {
      if (!error.status || error.status >= 500) return next(error);
      invalid(res, error.status, `The text could not be read: ${error.message}`);
    },
  );
  return router;
}
