import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { Observable } from 'rxjs';
import { acceptOrCreateRequestId, CORRELATION_HEADER, runWithRequestId } from '../logging/correlation.js';

/** Runs each message handler with the request id from the NATS headers, so every log line carries it. */
@Injectable()
export class NatsCorrelationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const nats = context.switchToRpc().getContext<NatsContext>();
    const incoming = nats?.getHeaders?.()?.get(CORRELATION_HEADER);
    const requestId = acceptOrCreateRequestId(incoming);
    return new Observable((subscriber) => runWithRequestId(requestId, () => next.handle().subscribe(subscriber)));
  }
}
