import { randomUUID } from 'node:crypto';
import { AppRoutes, formatCents, type MailJob, type ReceiptMailRequest } from '@medical-qr/contracts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function layout(
  title: string,
  paragraphs: string[],
  action: { label: string; url: string } | null,
  footer: string,
) {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#b91c1c">${escape(title)}</h1>
${paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5">${escape(p).replaceAll('\n', '<br>')}</p>`).join('\n')}
${action ? `<p><a href="${escape(action.url)}" style="display:inline-block;background:#dc2626;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escape(action.label)}</a></p>\n` : ''}<p style="font-size:13px;color:#475569">${escape(footer)}</p>
</body></html>`;
  const link = action ? `${action.label}: ${action.url}\n\n` : '';
  const text = `${title}\n\n${paragraphs.join('\n\n')}\n\n${link}${footer}\n`;
  return { html, text };
}

export function verificationMail(to: string, firstName: string, link: string): MailJob {
  return {
    messageId: randomUUID(),
    to,
    subject: 'Confirm your email for Medical QR',
    ...layout(
      'Confirm your email',
      [`Hi ${firstName},`, 'Please confirm your email address to finish creating your Medical QR account.'],
      { label: 'Confirm email', url: link },
      'The link works once and expires in 24 hours. If you did not create an account, ignore this mail.',
    ),
  };
}

export function passwordResetMail(to: string, firstName: string, link: string): MailJob {
  return {
    messageId: randomUUID(),
    to,
    subject: 'Reset your Medical QR password',
    ...layout(
      'Reset your password',
      [
        `Hi ${firstName},`,
        'Someone asked to reset the password of your Medical QR account. If it was you, choose a new one:',
      ],
      { label: 'Reset password', url: link },
      'The link works once and expires in 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.',
    ),
  };
}

/** To the owner of an address someone tried to register again: registration answers as for a new address. */
export function registrationAttemptMail(to: string, firstName: string, signInUrl: string): MailJob {
  return {
    messageId: randomUUID(),
    to,
    subject: 'Someone tried to create a Medical QR account with your email',
    ...layout(
      'You already have an account',
      [
        `Hi ${firstName},`,
        'Someone just tried to create a Medical QR account with this email address, which already has one.',
        'If it was you, sign in, or choose "Forgot password" there to set a new password.',
      ],
      { label: 'Sign in', url: signInUrl },
      'If it was not you, ignore this mail: nothing was changed, and your account stays as it is.',
    ),
  };
}

/** To the owner of an account whose password guesses passed the per-account limit: sign-in by password waits. */
export function accountLockedMail(to: string, firstName: string, signInUrl: string, minutes: number): MailJob {
  return {
    messageId: randomUUID(),
    to,
    subject: 'Sign-in to your Medical QR account was paused',
    ...layout(
      'Too many wrong passwords',
      [
        `Hi ${firstName},`,
        `Many wrong passwords were just tried for your Medical QR account, so signing in with a password is paused for up to ${minutes} minutes.`,
        'You can still get in: choose "Forgot password" to set a new password (that also lifts the pause), or continue with Google if your account uses it.',
      ],
      { label: 'Sign in', url: signInUrl },
      'If the attempts were not yours, someone may be guessing your password: a new, unique password keeps them out.',
    ),
  };
}

export function scanAlertMail(
  to: string,
  firstName: string,
  alert: { tokenPrefix: string; viewedAt: string; viewer: string; historyUrl: string },
): MailJob {
  return {
    messageId: randomUUID(),
    to,
    subject: 'Your emergency medical card was just opened',
    ...layout(
      'Your emergency card was opened',
      [
        `Hi ${firstName},`,
        `Your Medical QR card (code ${alert.tokenPrefix}…) was opened on ${new Date(alert.viewedAt).toUTCString()} from ${alert.viewer}.`,
        'If you are safe and did not expect this, someone may have scanned a code you printed or shared.',
      ],
      { label: 'See your codes', url: alert.historyUrl },
      'Scan alerts are part of premium and come at most once every 10 minutes per card.',
    ),
  };
}

/** A reader opened one of the owner's SMART Health Links; the list in My Account says who (the mail names no one). */
export function healthLinkOpenedMail(
  to: string,
  firstName: string,
  opened: { openedAt: string; linksUrl: string },
): MailJob {
  return {
    messageId: randomUUID(),
    to,
    subject: 'One of your health links was just opened',
    ...layout(
      'Your health link was opened',
      [
        `Hi ${firstName},`,
        `One of your health links was opened on ${new Date(opened.openedAt).toUTCString()}. Your account lists who opened it, as their reader named them.`,
        'If you did not expect this, revoke the link in your account: it stops working at once.',
      ],
      { label: 'See your health links', url: opened.linksUrl },
      'Alerts come at most once every 10 minutes per link.',
    ),
  };
}

/**
 * The link that proves an anonymous code's email. Anyone can type any address into the free form, so the mail
 * says what confirming does, and that ignoring it keeps the code away from the reader's account.
 */
export function codeConfirmationMail(to: string, link: string, expiresAt: Date): MailJob {
  const ends = expiresAt.toUTCString();
  return {
    messageId: randomUUID(),
    to,
    subject: 'Keep your Medical QR code with your account',
    ...layout(
      'Confirm this is your email',
      [
        'Someone made a free emergency Medical QR code with this email address.',
        'If it was you: confirm this is your email to keep this code with your account. Sign in or create an account with this address afterwards and the code will be there, to edit and to keep.',
        `If it was not you, ignore this mail: the code will not be linked to you, and it stops working on ${ends}.`,
      ],
      { label: 'Confirm this is my email', url: link },
      `The link works once, until the code ends on ${ends}.`,
    ),
  };
}

/** A paid order's receipt: what was bought, where each item ships, what it cost, and the way to My Orders. */
export function orderReceiptMail(
  to: string,
  firstName: string,
  receipt: ReceiptMailRequest,
  messageId: string,
): MailJob {
  // One paragraph per item, one fact a line (a line break in the HTML).
  const lines = receipt.lines.map((line) =>
    [
      `${line.quantity} × ${line.description}: ${formatCents(line.amountCents)}`,
      line.orderId ? `Order number ${line.orderId}` : '',
      line.shipTo ? `Ships to ${line.shipTo.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return {
    messageId,
    to,
    subject: 'Your Medical QR order is confirmed',
    ...layout(
      'Thank you for your order',
      [
        `Hi ${firstName},`,
        `We received your payment on ${new Date(receipt.paidAt).toUTCString()}. Your items go to print now:`,
        ...lines,
        `Total paid: ${formatCents(receipt.totalCents)}.`,
        'Each item carries a QR code of its own that opens your emergency card while you have an active code.',
      ],
      receipt.appUrl ? { label: 'See My Orders', url: `${receipt.appUrl}${AppRoutes.myOrders}` } : null,
      'My Orders shows each order’s status and tracking once it ships. Keep this mail as your receipt.',
    ),
  };
}

/**
 * The last mail an erased account gets: its deletion is done. The subject names no one, and the mail carries no link
 * (there is no account left to sign in to).
 */
export function accountDeletedMail(to: string, firstName: string): MailJob {
  return {
    messageId: randomUUID(),
    to,
    subject: 'Your Medical QR account was deleted',
    ...layout(
      'Your account and data were deleted',
      [
        `Hi ${firstName},`,
        'As you asked, your Medical QR account and everything in it were deleted: your medical records, emergency contacts, scan log and cart. Your QR codes and printed tags no longer open a card.',
        'Any premium subscription was cancelled, so nothing more is charged. Past orders are kept for our accounts, without your name, email or address.',
      ],
      null,
      'This is the last mail we send to this address.',
    ),
  };
}

/** A paid premium month's receipt: what was paid, when, and that premium goes on until cancelled. */
export function premiumReceiptMail(
  to: string,
  firstName: string,
  receipt: ReceiptMailRequest,
  messageId: string,
): MailJob {
  return {
    messageId,
    to,
    subject: 'Your Medical QR Premium receipt',
    ...layout(
      'Thank you for going premium',
      [
        `Hi ${firstName},`,
        `We received your payment on ${new Date(receipt.paidAt).toUTCString()}:`,
        ...receipt.lines.map((line) => `${line.description}: ${formatCents(line.amountCents)}`),
        `Total paid: ${formatCents(receipt.totalCents)}.`,
        'Your codes never expire while premium lasts. It renews each month until you cancel it on My Account.',
      ],
      null,
      'Keep this mail as your receipt.',
    ),
  };
}
