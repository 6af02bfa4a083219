import { Router, type Request } from 'express';
import { sendPage } from '../html.js';
import type { Mailbox } from './mailbox.js';
import { renderMailboxPage } from './mailbox-page.js';
import type { ReplyHolds } from './reply-holds.js';

function recipientFilter(req: Request): string | undefined {
  const to = req.query.to;
  return typeof to === 'string' && to.trim() ? to.trim() : undefined;
}

/**
 * `GET /dev/mailbox` (HTML), `GET /dev/mailbox.json[?to=email]`, `DELETE /dev/mailbox`; for fault tests,
 * `POST /dev/mailbox/hold-reply?to=email` (the next message to that address is caught, its reply held),
 * `GET /dev/mailbox/held.json` (the replies held now) and `POST /dev/mailbox/release` (sends them).
 */
export function mailboxRoutes(mailbox: Mailbox, holds: ReplyHolds): Router {
  const router = Router();
  router.post('/dev/mailbox/hold-reply', (req, res) => {
    const to = recipientFilter(req);
    if (!to) {
      res.status(400).json({ error: 'invalid_request', error_description: 'Say whose mail: ?to=email.' });
      return;
    }
    holds.arm(to);
    res.status(204).end();
  });
  router.get('/dev/mailbox/held.json', (_req, res) => {
    res.set('Cache-Control', 'no-store').json(holds.list());
  });
  router.post('/dev/mailbox/release', (_req, res) => {
    res.json({ released: holds.releaseAll() });
  });
  router.get('/dev/mailbox.json', (req, res) => {
    res.set('Cache-Control', 'no-store').json(mailbox.list(recipientFilter(req)));
  });
  router.get('/dev/mailbox', (req, res) => {
    const filter = recipientFilter(req);
    sendPage(res, { title: 'Local mailbox · Medical QR', body: renderMailboxPage(mailbox.list(filter), filter) });
  });
  router.delete('/dev/mailbox', (_req, res) => {
    mailbox.clear();
    holds.clear();
    res.status(204).end();
  });
  return router;
}
