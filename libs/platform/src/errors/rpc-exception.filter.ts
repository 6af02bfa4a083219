import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { throwError, type Observable } from 'rxjs';
import { ErrorCodes, internalErrorMessage, type RpcErrorPayload } from '@medical-qr/contracts';
import { AppError } from './app-error.js';
import { storeUnavailableError } from './store-unavailable.js';

/**
 * Turns whatever a message handler throws into the `{code, message}` payload that crosses NATS.
 * A store being away (PostgreSQL, Redis) is SERVICE_UNAVAILABLE. Unexpected errors are logged with an id and reach the
 * caller as INTERNAL with that id only (in `details.errorId`, which the gateway hands the browser).
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown): Observable<RpcErrorPayload> {
    if (exception instanceof AppError) return throwError(() => exception.toPayload());
    // PostgreSQL or Redis away: the caller gets a 503 it can retry, and the log says why.
    const unavailable = storeUnavailableError(exception);
    if (unavailable) {
      this.logger.warn({ err: exception }, 'a store did not answer');
      return throwError(() => unavailable.toPayload());
    }
    const errorId = randomUUID();
    this.logger.error({ err: exception, errorId }, 'unexpected error in message handler');
    return throwError(() => new AppError(ErrorCodes.INTERNAL, internalErrorMessage(errorId), { errorId }).toPayload());
  }
}
