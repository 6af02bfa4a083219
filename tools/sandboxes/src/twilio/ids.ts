import { randomBytes } from 'node:crypto';

/** Twilio's resource ids: a two-letter prefix naming the kind (`SM` a message, `AC` an account) and 32 hex digits. */
export const newSid = (prefix: 'SM' | 'RQ'): string => `${prefix}${randomBytes(16).toString('hex')}`;

export const ACCOUNT_SID = /^AC[0-9a-f]{32}$/;
export const MESSAGE_SID = /^(SM|MM)[0-9a-f]{32}$/;
export const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/;

/** Twilio's dates, in RFC 2822 as its API answers them: "Thu, 24 Aug 2023 05:01:45 +0000". */
export function rfc2822(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}
