import type { FactsReminderMailRequest, MailJob } from '@medical-qr/contracts';
import { layout } from './mail-templates.js';

/** A calendar day as people write it in English, in UTC like the other mails' dates ("23 November 2026"). */
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );

/**
 * To the owner of a code whose facts went unchecked for a while: which code, since when, and the app's page where they
 * look the facts over. No medical fact is in the mail, and its link opens the app only: confirming is the owner's own
 * click there, signed in, never the opening of a link.
 */
export function factsReminderMail(
  to: string,
  firstName: string,
  reminder: FactsReminderMailRequest,
  messageId: string,
): MailJob {
  const code = reminder.label ? `your Medical QR code “${reminder.label}”` : 'your Medical QR code';
  return {
    messageId,
    to,
    subject: 'Are the facts on your Medical QR code still right?',
    ...layout(
      'Are your facts still right?',
      [
        `Hi ${firstName},`,
        `The facts on ${code} were last checked on ${day(reminder.factsCheckedAt)}.`,
        'A responder acts on them in the first minutes: allergies, medications and whom to call should be as they are today.',
        'Open your codes, look the facts over and save what changed, or choose "These facts are still right" if nothing did. Your card then shows the new date.',
      ],
      { label: 'Check my facts', url: reminder.confirmUrl },
      'We ask once each time a code goes unchecked this long; saving or confirming its facts starts the count again.',
    ),
  };
}
