import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { pino } from 'pino';
import { AppError } from '../errors/app-error.js';
import { RpcErrorFilter } from '../errors/rpc-exception.filter.js';
import { CORRELATION_HEADER, currentRequestId, runWithRequestId } from '../logging/correlation.js';
import { NatsCorrelationInterceptor } from './correlation.interceptor.js';
import { natsServerTransport } from './nats-options.js';
import { ServiceClient } from './service-client.js';

@Controller()
class EchoController {
  @MessagePattern('echo.message.send')
  echo(@Payload() data: { text: string }, @Ctx() context: NatsContext) {
    return {
      text: data.text,
      header: context.getHeaders()?.get(CORRELATION_HEADER),
      seenInHandler: currentRequestId(),
    };
  }
  @MessagePattern('echo.message.refuse')
  refuse() {
    throw new AppError('CONFLICT', 'already has an active QR code');
  }
  @MessagePattern('echo.message.crash')
  crash() {
    throw new Error('secret internal detail');
  }
  @MessagePattern('echo.message.slow')
  async slow() {
    await new Promise((r) => setTimeout(r, 2000));
    return 'late';
  }
}
@Module({ controllers: [EchoController] })
class EchoModule {}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

describe('ServiceClient against a real NATS server and a Nest microservice', () => {
  let nats: ChildProcess;
  let service: INestMicroservice;
  let client: ServiceClient;

  beforeAll(async () => {
    const port = await freePort();
    nats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    const url = `nats://127.0.0.1:${port}`;
    const logger = pino({ level: 'silent' });
    service = await NestFactory.createMicroservice(EchoModule, {
      ...natsServerTransport(url, 'mqrtest', 'echo'),
      logger: false,
    });
    service.useGlobalFilters(new RpcErrorFilter(logger));
    service.useGlobalInterceptors(new NatsCorrelationInterceptor());
    await service.listen();
    client = new ServiceClient(url, 'test', 500, 'mqrtest');
    await client.connect();
  });
  afterAll(async () => {
    await client?.close();
    await service?.close();
    nats?.kill();
  });

  it('carries the request id in the headers and into the handler', async () => {
    const reply = await runWithRequestId('req-abcdef-123', () => client.request('echo.message.send', { text: 'hi' }));
    expect(reply).toEqual({ text: 'hi', header: 'req-abcdef-123', seenInHandler: 'req-abcdef-123' });
  });

  it('turns a refused request into an AppError with its code and message', async () => {
    await expect(client.request('echo.message.refuse', {})).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'already has an active QR code',
    });
  });

  it('hides internals of an unexpected failure behind an error id', async () => {
    const error = (await client.request('echo.message.crash', {}).catch((e) => e)) as AppError;
    expect(error.code).toBe('INTERNAL');
    // The id crosses NATS as a field of its own, for the gateway to hand the browser.
    expect(error.details?.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(error.message).toBe(`Something went wrong on our side (error id ${error.details!.errorId}).`);
    expect(error.message).not.toContain('secret');
  });

  it('gives up after the deadline with SERVICE_UNAVAILABLE, and when nobody listens', async () => {
    const started = Date.now();
    await expect(client.request('echo.message.slow', {})).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The echo service did not answer within 500 ms. Please try again.',
    });
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(client.request('nobody.is.here', {}, { timeoutMs: 300 })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
