import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger } from 'pino';
import { currentClientRequestId, currentRequestId } from './correlation.js';
import { redactQueryParams, serializeError } from './error-serializer.js';

/**
 * Paths never written to a log. Medical fields, credentials and contact details stay out
 * of logs even when a whole payload is logged by mistake.
 */
const REDACT = [
  'password',
  '*.password',
  'token',
  '*.token',
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.cookie',
  'headers.authorization',
  '*.allergies',
  '*.medicalConditions',
  '*.phoneNumber',
  '*.emergencyContacts',
];

/** The logger of one process (stdout unless a destination is given, as tests do). */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
): Logger {
  const options = {
    name: service,
    level,
    base: { service },
    redact: { paths: REDACT, censor: '[redacted]' },
    // Errors keep their kind but never the values of a failed query (error-serializer.ts).
    serializers: { err: serializeError, error: serializeError },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const requestId = currentRequestId();
      const clientRequestId = currentClientRequestId();
      return { ...(requestId ? { requestId } : {}), ...(clientRequestId ? { clientRequestId } : {}) };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Lets NestJS write through pino, so framework lines carry the same fields as ours. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    // Nest hands over caught errors as they are; they go through the error serializer.
    if (message instanceof Error) this.logger.error({ context, err: message }, 'error reported by the framework');
    else this.logger.error({ context, trace: trace && redactQueryParams(trace) }, redactQueryParams(String(message)));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
