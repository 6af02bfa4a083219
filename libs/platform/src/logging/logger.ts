import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { currentRequestId } from './correlation.js';

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

export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    redact: { paths: REDACT, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  });
}

/** Lets NestJS write through pino, so framework lines carry the same fields as ours. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
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
