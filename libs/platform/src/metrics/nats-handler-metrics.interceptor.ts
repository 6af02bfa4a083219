import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { type Observable, tap } from 'rxjs';
import { AppError } from '../errors/app-error.js';
import { natsRequestHandleDuration, natsRequestsHandled } from './nats-metrics.js';

/** `ok`, the code of an AppError (bounded: codes are a closed list), or `error` for anything unexpected. */
function outcomeOf(error?: unknown): string {
  if (error === undefined) return 'ok';
  return error instanceof AppError ? error.code : 'error';
}

/**
 * Counts and times every request a service handles, by its plain pattern (the copy's namespace is
 * taken off the subject: it is the same for every request of a process).
 */
@Injectable()
export class NatsHandlerMetricsInterceptor implements NestInterceptor {
  private readonly prefix: string;

  constructor(namespace: string) {
    this.prefix = `${namespace}.`;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const subject = context.switchToRpc().getContext<NatsContext>()?.getSubject?.() ?? 'unknown';
    const pattern = subject.startsWith(this.prefix) ? subject.slice(this.prefix.length) : subject;
    const stopTimer = natsRequestHandleDuration.startTimer({ pattern });
    const record = (error?: unknown) => {
      stopTimer();
      natsRequestsHandled.inc({ pattern, outcome: outcomeOf(error) });
    };
    return next.handle().pipe(tap({ complete: () => record(), error: (error: unknown) => record(error) }));
  }
}
