import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Name of the header that carries a request's id over HTTP and NATS. */
export const CORRELATION_HEADER = 'x-request-id';
/**
 * The id a client sent in X-Request-Id, kept beside ours (never instead of it) and passed on over NATS under this
 * header: a client may choose what it correlates by, never the id the audit log and our logs are found by.
 */
export const CLIENT_REQUEST_ID_HEADER = 'x-client-request-id';

interface CorrelationStore {
  requestId: string;
  clientRequestId?: string;
}

const storage = new AsyncLocalStorage<CorrelationStore>();

export function runWithRequestId<T>(requestId: string, fn: () => T, clientRequestId?: string): T {
  return storage.run(clientRequestId ? { requestId, clientRequestId } : { requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The id the client sent with the request being handled, if it sent a plain one. */
export function currentClientRequestId(): string | undefined {
  return storage.getStore()?.clientRequestId;
}

const SAFE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** An incoming id if it is short and plain, else undefined (ids end up in logs and the audit log). */
export function plainRequestId(incoming: unknown): string | undefined {
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : undefined;
}

/** Accepts an incoming id only if it is short and plain; otherwise makes a new one. For ids from our own services. */
export function acceptOrCreateRequestId(incoming: unknown): string {
  return plainRequestId(incoming) ?? randomUUID();
}
