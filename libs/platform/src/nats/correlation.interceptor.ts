import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { Observable } from 'rxjs';
import {
  acceptOrCreateRequestId,
  CLIENT_REQUEST_ID_HEADER,
  CORRELATION_HEADER,
  plainRequestId,
  runWithRequestId,
} from '../logging/correlation.js';
import { extractTraceContext, SpanKind, SpanStatusCode, startSpan, traceContext } from '../tracing/tracing.js';

/**
 * Runs each message handler with the request id from the NATS headers, so every log line carries it, and in a span
 * whose parent is the sender's (the `traceparent` header), so a trace follows the request across services.
 */
@Injectable()
export class NatsCorrelationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const nats = context.switchToRpc().getContext<NatsContext>();
    const headers = nats?.getHeaders?.();
    const requestId = acceptOrCreateRequestId(headers?.get(CORRELATION_HEADER));
    const clientRequestId = plainRequestId(headers?.get(CLIENT_REQUEST_ID_HEADER));
    const { span, context: traced } = startSpan(
      nats?.getSubject?.() ?? 'message',
      SpanKind.SERVER,
      extractTraceContext(headers),
    );
    return new Observable((subscriber) =>
      traceContext.with(traced, () =>
        runWithRequestId(
          requestId,
          () =>
            next.handle().subscribe({
              next: (value) => subscriber.next(value),
              error: (error: Error) => {
                span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
                span.end();
                subscriber.error(error);
              },
              complete: () => {
                span.end();
                subscriber.complete();
              },
            }),
          clientRequestId,
        ),
      ),
    );
  }
}
