import { Router, type Request } from 'express';
import { sendPage } from '../html.js';
import type { Mailbox } from './mailbox.js';
import { renderMailboxPage } from './mailbox-page.js';

function recipientFilter(req: Request): string | undefined {
  const to = req.query.to;
  return typeof to === 'string' && to.trim() ? to.trim() : undefined;
}

/** `GET /dev/mailbox` (HTML), `GET /dev/mailbox.json[?to=email]`, `DELETE /dev/mailbox`. */
export function mailboxRoutes(mailbox: Mailbox): Router {
  const router = Router();
  router.get('/dev/mailbox.json', (req, res) => {
    res.set('Cache-Control', 'no-store').json(mailbox.list(recipientFilter(req)));
  });
  router.get('/dev/mailbox', (req, res) => {
    const filter = recipientFilter(req);
    sendPage(res, { title: 'Local mailbox · Medical QR', body: renderMailboxPage(mailbox.list(filter), filter) });
  });
  router.delete('/dev/mailbox', (_req, res) => {
    mailbox.clear();
    res.status(204).end();
  });
  return router;
}
