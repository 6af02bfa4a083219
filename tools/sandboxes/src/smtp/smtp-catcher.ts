import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { SandboxLogger } from '../provider-descriptor.js';
import { extractLinks, type Mailbox } from './mailbox.js';
import type { ReplyHolds } from './reply-holds.js';

/** Largest message accepted, as the SIZE extension advertises it. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

export interface SmtpCatcher {
  port: number;
  close(): Promise<void>;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  return objects.flatMap((object) => object.value.map((entry) => entry.address ?? '')).filter(Boolean);
}

class SmtpError extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
  ) {
    super(message);
  }
}

/**
 * An SMTP server that delivers every message into the mailbox. No TLS, authentication optional (AUTH PLAIN and
 * LOGIN succeed with any credentials, which are never kept or logged), messages over 1 MB refused with 552.
 */
export function startSmtpCatcher(options: {
  host: string;
  port: number;
  mailbox: Mailbox;
  /** Replies held for fault tests (see ReplyHolds). */
  holds?: ReplyHolds;
  logger: SandboxLogger;
}): Promise<SmtpCatcher> {
  const { mailbox, holds, logger } = options;
  const server = new SMTPServer({
    name: 'medicalqr-sandbox.local',
    banner: 'Medical QR local SMTP catcher (mail is kept in memory, never delivered)',
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    size: MAX_MESSAGE_BYTES,
    closeTimeout: 1000,
    logger: false,
    onClose(session) {
      holds?.drop(session.id);
    },
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username || 'anonymous' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          logger.warn({ bytes: stream.byteLength }, 'mail refused: over the 1 MB limit');
          callback(new SmtpError(`Message exceeds the fixed maximum message size of ${MAX_MESSAGE_BYTES} bytes`, 552));
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
            const text = parsed.text ?? '';
            const html = typeof parsed.html === 'string' ? parsed.html : '';
            const mail = {
              id: randomUUID(),
              from: parsed.from?.text || (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
              to: [...new Set(envelopeTo.length ? envelopeTo : addresses(parsed.to))],
              subject: parsed.subject ?? '',
              text,
              html,
              receivedAt: new Date().toISOString(),
              links: extractLinks(text, html),
              messageId: parsed.messageId ?? '',
            };
            const kept = mailbox.add(mail);
            // Recipients only: a subject may carry a one-time code, and bodies carry links with tokens.
            logger.info({ to: mail.to, links: mail.links.length, deliveries: kept.deliveries }, 'mail caught');
            const reply = () => callback(null, `Caught as ${kept.id}`);
            if (holds?.take(mail.to)) {
              logger.info({ to: mail.to }, 'reply held');
              holds.hold(session.id, { to: mail.to, subject: mail.subject, heldAt: new Date().toISOString() }, reply);
            } else {
              reply();
            }
          })
          .catch((error: Error) => {
            logger.warn({ err: { message: error.message } }, 'mail refused: cannot parse it');
            callback(new SmtpError(`Cannot parse the message: ${error.message}`, 554));
          });
      });
    },
  });

  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(options.port, options.host, () => {
      server.off('error', onError);
      server.on('error', (error: Error) => logger.error({ err: { message: error.message } }, 'smtp server error'));
      resolve({
        port: (server.server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
