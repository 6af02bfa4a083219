import {
  ErrorCodes,
  type ErrorCode,
  type ErrorDetails,
  type ErrorIssue,
  type RpcErrorPayload,
  isErrorCode,
} from '@medical-qr/contracts';

/** An error meant for the caller: its code and message cross NATS and reach the HTTP client. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toPayload(): RpcErrorPayload {
    return this.details
      ? { code: this.code, message: this.message, details: this.details }
      : { code: this.code, message: this.message };
  }

  static notFound(message = 'Not found') {
    return new AppError(ErrorCodes.NOT_FOUND, message);
  }
  /** A bad request; `issues` say what is wrong where, for a form to show under each field. */
  static validation(message: string, issues?: ErrorIssue[]) {
    return new AppError(ErrorCodes.VALIDATION_ERROR, message, issues ? { issues } : undefined);
  }
  static unavailable(message: string) {
    return new AppError(ErrorCodes.SERVICE_UNAVAILABLE, message);
  }
}

/** Recognises an `{code, message}` payload that came back over NATS. */
export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    isErrorCode((value as RpcErrorPayload).code) &&
    typeof (value as RpcErrorPayload).message === 'string'
  );
}
