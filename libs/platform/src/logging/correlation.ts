import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Name of the header that carries a request's id over HTTP and NATS. */
export const CORRELATION_HEADER = 'x-request-id';

interface CorrelationStore {
  requestId: string;
}

const storage = new AsyncLocalStorage<CorrelationStore>();

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

const SAFE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** Accepts an incoming id only if it is short and plain; otherwise makes a new one (ids end up in logs). */
export function acceptOrCreateRequestId(incoming: unknown): string {
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}
