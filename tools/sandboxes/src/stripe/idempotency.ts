import { idempotencyMismatch } from './errors.js';

/** Stripe keeps an idempotency key's result for 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEYS = 10_000;

export interface StoredReply {
  /** `POST /v1/subscriptions`: a key is for one endpoint. */
  endpoint: string;
  /** The request's parameters, in a canonical form. */
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
  storedAt: number;
}

/**
 * Replies kept by API key and `Idempotency-Key`: the same key with the same parameters gets the first reply again;
 * with other parameters, or on another endpoint, an `idempotency_error`.
 */
export class IdempotencyStore {
  private readonly replies = new Map<string, StoredReply>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The stored reply to replay, or undefined when the key is new (throws on a mismatch). */
  find(apiKey: string, key: string, endpoint: string, fingerprint: string): StoredReply | undefined {
    this.prune();
    const stored = this.replies.get(`${apiKey}\n${key}`);
    if (!stored) return undefined;
    if (stored.endpoint !== endpoint) throw idempotencyMismatch(key, { first: stored.endpoint, now: endpoint });
    if (stored.fingerprint !== fingerprint) throw idempotencyMismatch(key, 'parameters');
    return stored;
  }

  save(apiKey: string, key: string, reply: Omit<StoredReply, 'storedAt'>): void {
    this.replies.set(`${apiKey}\n${key}`, { ...reply, storedAt: this.now() });
    if (this.replies.size > MAX_KEYS) this.replies.delete(this.replies.keys().next().value!);
  }

  private prune(): void {
    const oldest = this.now() - IDEMPOTENCY_TTL_MS;
    for (const [key, reply] of this.replies) {
      if (reply.storedAt > oldest) break;
      this.replies.delete(key);
    }
  }
}

/** Parameters in a canonical form (object keys sorted), so the same request compares equal however it was encoded. */
export function fingerprintOf(value: unknown): string {
  return JSON.stringify(value, (_key, element: unknown) =>
    element && typeof element === 'object' && !Array.isArray(element)
      ? Object.fromEntries(Object.entries(element).sort(([a], [b]) => a.localeCompare(b)))
      : element,
  );
}
