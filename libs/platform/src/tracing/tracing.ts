import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/** What a process does when it stops: the spans still waiting are sent first. */
export interface Tracing {
  shutdown(): Promise<void>;
}

const TRACER = 'medical-qr';

/**
 * Traces with OpenTelemetry when OTEL_EXPORTER_OTLP_ENDPOINT names a collector (OTLP over HTTP): the gateway's
 * request, each message it sends over NATS and the handling in the service that answers are spans of one trace, the
 * W3C `traceparent` carried in the NATS headers beside the request id. Without an endpoint nothing is set up, and the
 * spans below cost nothing (the API's no-op tracer).
 */
export function startTracing(serviceName: string, endpoint: string | undefined): Tracing {
  if (!endpoint) return { shutdown: async () => undefined };
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName, 'service.namespace': 'medical-qr' }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` })),
    ],
  });
  // The AsyncLocalStorage context manager and the W3C trace-context propagator.
  provider.register();
  return { shutdown: () => provider.shutdown() };
}

/** The headers a message carries (NATS's, or any map with get and set). */
interface HeaderCarrier {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

/** Writes the active span's `traceparent` (and `tracestate`) into outgoing headers. */
export function injectTraceContext(headers: HeaderCarrier, active: Context = context.active()): void {
  propagation.inject(active, headers, { set: (carrier, key, value) => carrier.set(key, value) });
}

/** The caller's trace, read from incoming headers; the current context when there is none. */
export function extractTraceContext(headers: Pick<HeaderCarrier, 'get'> | undefined): Context {
  if (!headers) return context.active();
  return propagation.extract(context.active(), headers, {
    get: (carrier, key) => carrier.get(key) || undefined,
    keys: () => ['traceparent', 'tracestate'],
  });
}

/** Starts a span as the child of `parent` and runs `work` with it active; the span ends when `work` settles. */
export function inSpan<T>(
  name: string,
  kind: SpanKind,
  work: (span: Span) => Promise<T>,
  parent: Context = context.active(),
): Promise<T> {
  const span = trace.getTracer(TRACER).startSpan(name, { kind }, parent);
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span for work that ends later than the call that starts it (an HTTP request ends when its response does). */
export function startSpan(
  name: string,
  kind: SpanKind,
  parent: Context = context.active(),
): { span: Span; context: Context } {
  const span = trace.getTracer(TRACER).startSpan(name, { kind }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

export { context as traceContext, SpanKind, SpanStatusCode };
