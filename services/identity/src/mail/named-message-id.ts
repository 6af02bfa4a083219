import { createHash } from 'node:crypto';

/**
 * A Message-ID made from a name (`receipt:order-<checkout>`, `farewell:<user>`), the same every time: a mail that may be
 * queued again for one cause (a retried step, a repeated request) is one message, which a mailbox shows once. A UUID
 * in the name-based (version 5) layout, as mail jobs carry.
 */
export function namedMessageId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
