import { defineProvider } from '../provider-descriptor.js';
import { Mailbox } from './mailbox.js';
import { mailboxRoutes } from './mailbox-routes.js';
import { ReplyHolds } from './reply-holds.js';
import { startSmtpCatcher } from './smtp-catcher.js';

export { Mailbox, extractLinks, type CaughtMail } from './mailbox.js';
export { MAX_MESSAGE_BYTES } from './smtp-catcher.js';

/** Keeps this many messages; older ones drop off. */
export const MAILBOX_CAPACITY = 200;

/** The sender the product uses with the stand-in, unless MAIL_FROM says otherwise. */
export const LOCAL_MAIL_FROM = 'Medical QR <no-reply@medicalqr.local>';

/** An SMTP catcher that keeps every mail in memory, and the mailbox pages that show them. */
export const smtpProvider = defineProvider({
  name: 'smtp',
  label: 'SMTP mail',
  realVariables: ['SMTP_URL'],
  ports: { smtp: { variable: 'SANDBOX_SMTP_PORT', defaultPort: 2525 } },
  settings: {},
  outbound: {},
  async start({ host, ports, logger }) {
    const mailbox = new Mailbox(MAILBOX_CAPACITY);
    const holds = new ReplyHolds();
    const catcher = await startSmtpCatcher({ host, port: ports.smtp, mailbox, holds, logger });
    return {
      router: mailboxRoutes(mailbox, holds),
      ports: { smtp: catcher.port },
      close: async () => {
        holds.clear();
        await catcher.close();
      },
    };
  },
  productEnv: ({ serverUrl, ports, env }) => ({
    SMTP_URL: `smtp://${new URL(serverUrl).hostname}:${ports.smtp}`,
    MAIL_FROM: env.MAIL_FROM ?? LOCAL_MAIL_FROM,
  }),
  banner: ({ appUrl }) => `Mail sent locally: ${appUrl}/dev/mailbox`,
});
