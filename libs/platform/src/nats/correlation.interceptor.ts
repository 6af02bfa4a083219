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

/** Runs each message handler with the request id from the NATS headers, so every log line carries it. */
@Injectable()
export class NatsCorrelationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const nats = context.switchToRpc().getContext<NatsContext>();
    const headers = nats?.getHeaders?.();
    const requestId = acceptOrCreateRequestId(headers?.get(CORRELATION_HEADER));
    const clientRequestId = plainRequestId(headers?.get(CLIENT_REQUEST_ID_HEADER));
    return new Observable((subscriber) =>
      runWithRequestId(requestId, () => next.handle().subscribe(subscriber), clientRequestId),
    );
  }
}
