import nodemailer from 'nodemailer';
import type { MailJob } from '@medical-qr/contracts';
import { outgoingMail } from './mail-sender.js';
import { passwordResetMail, verificationMail } from './mail-templates.js';

const FROM = 'Medical QR <no-reply@medicalqr.example>';

/** The message as it goes over SMTP (headers and body), rendered by nodemailer itself. */
async function rendered(job: MailJob): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(outgoingMail(FROM, { ...job, messageId: job.messageId! }));
  return (info.message as Buffer).toString('utf8');
}

const messageIdOf = (message: string) => /^Message-ID: (.*)$/im.exec(message)?.[1]?.trim();

describe('a mail job', () => {
  it('gets a Message-ID of its own when it is made, a UUID', () => {
    const first = passwordResetMail('a@example.com', 'Alex', 'http://localhost:3000/reset-password/x');
    const second = passwordResetMail('a@example.com', 'Alex', 'http://localhost:3000/reset-password/x');
    expect(first.messageId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.messageId).not.toBe(first.messageId);
  });

  it("goes out with that Message-ID at the sender's domain, the same on every sending of the job", async () => {
    const job = verificationMail('b@example.com', 'Bo', 'http://localhost:3000/verify-email/y');
    const sent = await rendered(job);
    const again = await rendered(job);
    expect(messageIdOf(sent)).toBe(`<${job.messageId}@medicalqr.example>`);
    expect(messageIdOf(again)).toBe(messageIdOf(sent));
    expect(sent).toMatch(/^From: Medical QR <no-reply@medicalqr\.example>$/m);
    expect(sent).toMatch(/^To: b@example\.com$/m);
  });
});
