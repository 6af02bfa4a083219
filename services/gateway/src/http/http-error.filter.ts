import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { ErrorCodes, httpStatusFor, internalErrorMessage, type ErrorBody, type ErrorCode } from '@medical-qr/contracts';
import { AppError, storeUnavailableError } from '@medical-qr/platform';
import { randomUUID } from 'node:crypto';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCodes.VALIDATION_ERROR,
  401: ErrorCodes.UNAUTHORIZED,
  403: ErrorCodes.FORBIDDEN,
  404: ErrorCodes.NOT_FOUND,
  409: ErrorCodes.CONFLICT,
  410: ErrorCodes.GONE,
  413: ErrorCodes.PAYLOAD_TOO_LARGE,
  429: ErrorCodes.RATE_LIMITED,
  503: ErrorCodes.SERVICE_UNAVAILABLE,
};

/** Body-parser failures reach us as HttpExceptions caused by an error of this `type`; say them plainly. */
const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.too.large': 'The request body is too large.',
  'entity.parse.failed': 'The request body is not valid JSON.',
  'encoding.unsupported': 'The request body has an unsupported encoding.',
  'charset.unsupported': 'The request body has an unsupported charset.',
};

function bodyParserMessage(exception: HttpException): string | undefined {
  const type = (exception.cause as { type?: unknown } | undefined)?.type;
  return typeof type === 'string' ? BODY_PARSER_MESSAGES[type] : undefined;
}

/**
 * Every error leaves the gateway as `{statusCode, message, code?}`, never cached. A store that is away is a 503; unexpected errors
 * become a 500 with an error id that is also in the log, and no internals.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request>();
    const body = this.toBody(this.unavailableStore(exception) ?? exception, request);
    if (response.headersSent) return;
    if (body.retryAfterSeconds) response.setHeader('Retry-After', String(body.retryAfterSeconds));
    // A refusal says something about this moment (a session, a limit), never something to keep; it may come from a
    // guard before any handler marked the answer.
    response.setHeader('Cache-Control', 'no-store');
    response.status(body.statusCode).json(body);
  }

  /** Redis (sessions, limits, queues) or PostgreSQL away: a 503 the person can retry, never a 500. */
  private unavailableStore(exception: unknown): AppError | undefined {
    if (exception instanceof AppError || exception instanceof HttpException) return undefined;
    const unavailable = storeUnavailableError(exception);
    if (unavailable) this.logger.warn({ err: exception }, 'a store did not answer');
    return unavailable;
  }

  private toBody(exception: unknown, request: Request): ErrorBody {
    if (exception instanceof AppError) {
      return {
        statusCode: httpStatusFor(exception.code),
        message: exception.message,
        code: exception.code,
        ...exception.details,
      };
    }
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      if (statusCode === 404 && exception.message.startsWith('Cannot ')) {
        const path = request.originalUrl.split('?')[0];
        return { statusCode, message: `No API route for ${request.method} ${path}`, code: ErrorCodes.NOT_FOUND };
      }
      const payload = exception.getResponse();
      const message =
        bodyParserMessage(exception) ??
        (typeof payload === 'object' && payload !== null && 'message' in payload
          ? [payload.message].flat().join('; ')
          : exception.message);
      return { statusCode, message, code: CODE_BY_STATUS[statusCode] };
    }
    const errorId = randomUUID();
    this.logger.error({ err: exception, errorId, method: request.method }, 'unexpected error');
    return {
      statusCode: 500,
      message: internalErrorMessage(errorId),
      code: ErrorCodes.INTERNAL,
      errorId,
    };
  }
}
