import { currentRequestId } from '../logging/correlation.js';

/**
 * The request a job was queued for travels in its data under this key, so the worker logs under the
 * same request id as the request that asked for it (an erasure's lines can be followed from the
 * click to the last step). Workers see and validate the payload without it.
 */
const REQUEST_ID_KEY = '_requestId';

/** The job's data with the current request's id, when there is one. */
export function withRequestId<T>(data: T): T {
  const requestId = currentRequestId();
  return requestId && typeof data === 'object' && data !== null ? { ...data, [REQUEST_ID_KEY]: requestId } : data;
}

/** The request id a job was queued under (if any), and its payload without it. */
export function splitRequestId(data: unknown): { requestId?: string; payload: unknown } {
  if (typeof data !== 'object' || data === null || !(REQUEST_ID_KEY in data)) return { payload: data };
  const { [REQUEST_ID_KEY]: requestId, ...payload } = data as Record<string, unknown>;
  return typeof requestId === 'string' ? { requestId, payload } : { payload };
}
