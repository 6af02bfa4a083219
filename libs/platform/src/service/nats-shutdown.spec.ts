import 'reflect-metadata';
import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { pino } from 'pino';
import { AppError } from '../errors/app-error.js';
import { RpcErrorFilter } from '../errors/rpc-exception.filter.js';
import { collectProcessMetrics } from '../metrics/metrics-registry.js';
import { MetricsServer } from '../metrics/metrics-server.js';
import { NatsHandlerMetricsInterceptor } from '../metrics/nats-handler-metrics.interceptor.js';
import { NatsCorrelationInterceptor } from '../nats/correlation.interceptor.js';
import { natsConnectionOptions } from '../nats/nats-options.js';
import { ServiceClient } from '../nats/service-client.js';
import { startTestNatsServer, type TestNatsServer } from '../testing/nats-server.js';
import { metricSample } from '../testing/prometheus-text.js';
import { DrainingNatsServer } from './draining-nats.server.js';

const NAMESPACE = 'mqrtest';

/** Lets a test hold a handler mid-way and release it. */
const slow = { started: 0, release: () => undefined as void, calls: 0 };

@Controller()
class EchoController {
  @MessagePattern('echo.message.send')
  echo(data: { text: string }) {
    return { text: data.text };
  }
  @MessagePattern('echo.message.refuse')
  refuse() {
    throw new AppError('CONFLICT', 'already has an active QR code');
  }
  @MessagePattern('echo.message.late')
  async late() {
    await new Promise((r) => setTimeout(r, 400));
    return 'late';
  }
  @MessagePattern('echo.message.slow')
  async slow() {
    slow.calls++;
    slow.started++;
    await new Promise<void>((resolve) => (slow.release = resolve));
    return 'finished after shutdown began';
  }
}
@Module({ controllers: [EchoController] })
class EchoModule {}

async function scrape(metrics: MetricsServer): Promise<string> {
  return (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();
}

async function readyz(metrics: MetricsServer): Promise<number> {
  return (await fetch(`http://127.0.0.1:${metrics.port}/readyz`)).status;
}

describe('a service on a draining NATS server, with its metrics (real nats-server)', () => {
  let nats: TestNatsServer;
  let server: DrainingNatsServer;
  let service: INestMicroservice;
  let client: ServiceClient;
  let metrics: MetricsServer;

  beforeAll(async () => {
    nats = await startTestNatsServer();
    collectProcessMetrics('echo');
    server = new DrainingNatsServer(NAMESPACE, { ...natsConnectionOptions(nats.url, 'echo'), queue: 'echo' });
    service = await NestFactory.createMicroservice(EchoModule, { strategy: server, logger: false });
    service.useGlobalFilters(new RpcErrorFilter(pino({ level: 'silent' })));
    service.useGlobalInterceptors(new NatsCorrelationInterceptor(), new NatsHandlerMetricsInterceptor(NAMESPACE));
    await service.listen();
    client = new ServiceClient(nats.url, 'test', 1000, NAMESPACE);
    await client.connect();
    metrics = await MetricsServer.start({ port: 0, host: '127.0.0.1', isReady: () => server.isServing() });
  });
  afterAll(async () => {
    slow.release();
    await client?.close();
    await service?.close();
    await metrics?.close();
    await nats?.stop();
  });

  it('counts the requests it handled and those it sent, by pattern and outcome', async () => {
    await client.request('echo.message.send', { text: 'hi' });
    await expect(client.request('echo.message.refuse', {})).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(client.request('echo.message.late', {}, { timeoutMs: 100 })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    await new Promise((r) => setTimeout(r, 400)); // the late handler finishes, unheard
    const text = await scrape(metrics);
    const handled = (pattern: string, outcome: string) =>
      metricSample(text, 'nats_requests_handled_total', { pattern, outcome, service: 'echo' });
    expect(handled('echo.message.send', 'ok')).toBe(1);
    expect(handled('echo.message.refuse', 'CONFLICT')).toBe(1);
    expect(handled('echo.message.late', 'ok')).toBe(1);
    const send = { pattern: 'echo.message.send' };
    expect(metricSample(text, 'nats_request_handle_duration_seconds_count', send)).toBe(1);
    const sent = (pattern: string, outcome: string) =>
      metricSample(text, 'nats_client_requests_total', { pattern, outcome, service: 'echo' });
    expect(sent('echo.message.send', 'ok')).toBe(1);
    expect(sent('echo.message.refuse', 'error')).toBe(1);
    expect(sent('echo.message.late', 'timeout')).toBe(1);
    expect(metricSample(text, 'nats_client_request_duration_seconds_count', send)).toBe(1);
    // Node's own metrics, under the same service label.
    expect(text).toMatch(/^process_cpu_user_seconds_total\{service="echo"\} /m);
  });

  it('answers a request taken before the drain, takes none after it, and turns /readyz to 503', async () => {
    expect(await readyz(metrics)).toBe(200);
    const inFlight = client.request<string>('echo.message.slow', {}, { timeoutMs: 5000 });
    while (slow.started === 0) await new Promise((r) => setTimeout(r, 10));

    metrics.markShuttingDown();
    const drained = server.drain();
    expect(await readyz(metrics)).toBe(503);
    expect(server.isServing()).toBe(false);
    await new Promise((r) => setTimeout(r, 100)); // the unsubscription reaches nats-server

    const afterDrain = await client.request('echo.message.slow', {}, { timeoutMs: 500 }).catch((e: unknown) => e);
    expect(afterDrain).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(slow.calls).toBe(1);
    const text = await scrape(metrics);
    expect(
      metricSample(text, 'nats_client_requests_total', { pattern: 'echo.message.slow', outcome: 'unavailable' }),
    ).toBe(1);

    let drainFinished = false;
    void drained.then(() => (drainFinished = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(drainFinished).toBe(false); // still waiting for the request in hand

    slow.release();
    await expect(inFlight).resolves.toBe('finished after shutdown began');
    await drained;
    expect(server.isServing()).toBe(false);
  });
});
