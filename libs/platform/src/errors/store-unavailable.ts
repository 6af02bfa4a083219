import { AppError } from './app-error.js';

/** What ioredis says when a command cannot be sent or answered because Redis is not there. */
const REDIS_DOWN = /Stream isn't writeable|enableOfflineQueue|Connection is closed|Reached the max retries per request/;

/** What node-postgres and its pool say when PostgreSQL is away or too slow. */
const POSTGRES_DOWN =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|connect ECONNREFUSED/;

/**
 * PostgreSQL's own answers that mean "not now" rather than "wrong": a statement cancelled by statement_timeout or
 * lock_timeout, the server shutting down or refusing connections, and the connection-exception class.
 */
const POSTGRES_NOT_NOW = /^(57014|55P03|57P0[1-3]|53300|08...)$/;

type MaybeError = { name?: unknown; message?: unknown; code?: unknown; cause?: unknown };

function describe(error: unknown): { name: string; message: string; code: string } {
  const e = (typeof error === 'object' && error !== null ? error : {}) as MaybeError;
  return { name: String(e.name ?? ''), message: String(e.message ?? ''), code: String(e.code ?? '') };
}

/** Whether `error` says Redis cannot be reached (as opposed to a command Redis refused). */
export function isRedisUnavailable(error: unknown): boolean {
  const { name, message } = describe(error);
  return name === 'MaxRetriesPerRequestError' || REDIS_DOWN.test(message);
}

/** Whether `error` says PostgreSQL cannot be reached or did not answer in time. */
export function isPostgresUnavailable(error: unknown): boolean {
  const { message, code } = describe(error);
  return POSTGRES_DOWN.test(message) || POSTGRES_NOT_NOW.test(code);
}

/**
 * A store this process depends on being away is a 503 the person can retry, never a 500: the AppError to answer
 * with, or undefined when `error` is something else. A driver's error may arrive wrapped (an ORM's query error),
 * so its cause is looked at too.
 */
export function storeUnavailableError(error: unknown): AppError | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    if (isRedisUnavailable(current))
      return AppError.unavailable('Sessions and queued work are unavailable right now. Please try again in a moment.');
    if (isPostgresUnavailable(current))
      return AppError.unavailable('The database is not answering right now. Please try again in a moment.');
    current = (current as MaybeError).cause;
  }
  return undefined;
}
