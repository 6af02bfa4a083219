/** One message the SMTP catcher accepted, as `GET /dev/mailbox.json` returns it. */
export interface CaughtMail {
  id: string;
  from: string;
  /** Envelope recipients (To, Cc and Bcc alike), as the client gave them. */
  to: string[];
  subject: string;
  text: string;
  /** The HTML body as sent, or '' for a text-only mail. */
  html: string;
  receivedAt: string;
  /** Every http(s) link in the mail, in order of appearance, each once. */
  links: string[];
  /** Its Message-ID header (`<id@domain>`), or '' when it has none. */
  messageId: string;
  /** How many times it was delivered: more than 1 when its sender sent it again (same Message-ID). */
  deliveries: number;
}

/** The last `capacity` messages, in memory only. */
export class Mailbox {
  private messages: CaughtMail[] = [];

  constructor(private readonly capacity = 200) {}

  /**
   * Keeps a mail, and answers the one kept. A mail with the Message-ID of one already here is the same message sent
   * again (a sender that never heard it was accepted, and retried): it counts as another delivery of that one and is
   * not shown twice, as real mailboxes (Gmail) show a message once.
   */
  add(mail: Omit<CaughtMail, 'deliveries'>): CaughtMail {
    const same = mail.messageId ? this.messages.find((kept) => kept.messageId === mail.messageId) : undefined;
    if (same) {
      same.deliveries += 1;
      return same;
    }
    const kept = { ...mail, deliveries: 1 };
    this.messages.unshift(kept);
    if (this.messages.length > this.capacity) this.messages.length = this.capacity;
    return kept;
  }

  /** Newest first; `to` keeps only mail with that recipient (case-insensitive). */
  list(to?: string): CaughtMail[] {
    const wanted = to?.trim().toLowerCase();
    if (!wanted) return [...this.messages];
    return this.messages.filter((mail) => mail.to.some((address) => address.toLowerCase() === wanted));
  }

  clear(): void {
    this.messages = [];
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+|#39);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return ENTITIES[lower] ?? whole;
  });
}

function normalizeLink(raw: string): string | undefined {
  const trimmed = raw.trim().replace(/[.,;:!?]+$/, '');
  // A closing bracket belongs to the link only when the link opened one.
  const balanced = /\)$/.test(trimmed) && !trimmed.includes('(') ? trimmed.slice(0, -1) : trimmed;
  try {
    const url = new URL(balanced);
    return url.protocol === 'http:' || url.protocol === 'https:' ? balanced : undefined;
  } catch {
    return undefined;
  }
}

/** The http(s) links of a mail: `href`s of the HTML part first, then bare URLs in the text, each once. */
export function extractLinks(text: string, html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const link = normalizeLink(decodeEntities(match[1] ?? match[2] ?? match[3] ?? ''));
    if (link) found.push(link);
  }
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'\]]+/gi)) {
    const link = normalizeLink(match[0]);
    if (link) found.push(link);
  }
  return [...new Set(found)];
}
