import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startIsolatedStack, type IsolatedStack } from '@medical-qr/launcher';
import { eventually } from '../support/eventually.js';

/** A span as the OTLP/HTTP JSON encoding carries it, with the service that sent it. */
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

const SERVER = 2;
const CLIENT = 3;

/** A collector's OTLP/HTTP endpoint: keeps every span it is sent. */
function collector(spans: ReceivedSpan[]): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { resourceSpans: any[] };
        for (const resourceSpans of body.resourceSpans) {
          const service = resourceSpans.resource.attributes.find((a: any) => a.key === 'service.name').value
            .stringValue as string;
          for (const scope of resourceSpans.scopeSpans)
            for (const span of scope.spans)
              spans.push({
                service,
                ...span,
                attributes: Object.fromEntries(
                  (span.attributes ?? []).map((a: any) => [a.key, Object.values(a.value)[0]]),
                ),
              });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('traces: one request, one trace, from the gateway over NATS into the service that answers', () => {
  const spans: ReceivedSpan[] = [];
  let receiver: Server;
  let system: IsolatedStack;

  beforeAll(async () => {
    receiver = await collector(spans);
    system = await startIsolatedStack('traces', {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
      // The SDK's batch delay: spans leave within half a second rather than five.
      OTEL_BSP_SCHEDULE_DELAY: '500',
    });
  });

  afterAll(async () => {
    await system?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it("carries the gateway's span to the shop as the parent of the shop's, by traceparent in the NATS headers", async () => {
    const response = await fetch(`${system.url}/api/printify/blueprints`);
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');

    const request = await eventually(
      () =>
        spans.find(
          (s) => s.service === 'gateway' && s.kind === SERVER && s.attributes['medical_qr.request_id'] === requestId,
        ),
      (found) => found !== undefined,
    );
    const send = await eventually(
      () => spans.find((s) => s.kind === CLIENT && s.parentSpanId === request!.spanId),
      (found) => found !== undefined,
    );
    const handled = await eventually(
      () => spans.find((s) => s.service === 'shop' && s.parentSpanId === send!.spanId),
      (found) => found !== undefined,
    );
    expect({
      request: [request!.name, request!.attributes['http.response.status_code']],
      send: [send!.service, send!.name, send!.traceId],
      handled: [handled!.kind, handled!.name.endsWith('shop.blueprints.list'), handled!.traceId],
    }).toEqual({
      request: ['GET /api/printify/blueprints', 200],
      send: ['gateway', 'send shop.blueprints.list', request!.traceId],
      handled: [SERVER, true, request!.traceId],
    });
  });

  it("names a card's request by its route, never by its path: the path holds the card's token", async () => {
    const token = 'A'.repeat(43);
    const response = await fetch(`${system.url}/api/emergency/${token}`);
    const requestId = response.headers.get('x-request-id');
    const request = await eventually(
      () => spans.find((s) => s.attributes['medical_qr.request_id'] === requestId),
      (found) => found !== undefined,
    );
    expect(JSON.stringify(spans)).not.toContain(token);
    expect(request!.name).toBe('GET /api/emergency/:token');
  });

  it('starts a new trace at the gateway, whatever traceparent a client sends', async () => {
    const forged = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const response = await fetch(`${system.url}/api/printify/blueprints`, { headers: { traceparent: forged } });
    const requestId = response.headers.get('x-request-id');
    const request = await eventually(
      () => spans.find((s) => s.attributes['medical_qr.request_id'] === requestId),
      (found) => found !== undefined,
    );
    expect({ traceId: request!.traceId, parent: request!.parentSpanId ?? '' }).toEqual({
      traceId: expect.not.stringMatching('0af7651916cd43dd8448eb211c80319c'),
      parent: '',
    });
  });
});
