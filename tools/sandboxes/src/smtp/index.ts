import { Router, type Request } from 'express';
import { sendPage } from '../html.js';
import type { ProviderContext, RunningProvider } from '../provider.js';
import { Mailbox } from './mailbox.js';
import { renderMailboxPage } from './mailbox-page.js';
import { startSmtpCatcher } from './smtp-catcher.js';

export { Mailbox, extractLinks, type CaughtMail } from './mailbox.js';
export { MAX_MESSAGE_BYTES } from './smtp-catcher.js';

/** Keeps this many messages; older ones drop off. */
export const MAILBOX_CAPACITY = 200;

function recipientFilter(req: Request): string | undefined {
  const to = req.query.to;
  return typeof to === 'string' && to.trim() ? to.trim() : undefined;
}

/** The SMTP catcher and its mailbox: `GET /dev/mailbox` (HTML), `GET /dev/mailbox.json`, `DELETE /dev/mailbox`. */
export async function startSmtpProvider(
  context: ProviderContext,
): Promise<RunningProvider & { smtpPort: number; mailbox: Mailbox }> {
  const mailbox = new Mailbox(MAILBOX_CAPACITY);
  const catcher = await startSmtpCatcher({
    host: context.config.host,
    port: context.config.smtpPort,
    mailbox,
    logger: context.logger,
  });

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

  return { name: 'smtp', router, smtpPort: catcher.port, mailbox, close: () => catcher.close() };
}
