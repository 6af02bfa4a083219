import 'reflect-metadata';
import { Controller, Inject, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { startTestNatsServer, type TestNatsServer } from '../testing/nats-server.js';
import { natsServerTransport } from './nats-options.js';
import { ServiceClient } from './service-client.js';

const COPY = Symbol('COPY');
const heard: Array<{ copy: string; replica: number; id: number }> = [];

@Controller()
class WhoController {
  constructor(@Inject(COPY) private readonly copy: { name: string; replica: number }) {}

  @MessagePattern('who.copy.get')
  who() {
    return this.copy.name;
  }

  @EventPattern('who.pinged')
  pinged(@Payload() event: { id: number }) {
    heard.push({ copy: this.copy.name, replica: this.copy.replica, id: event.id });
  }
}

/** One replica of the same service ("who") in the copy named `name`. */
async function startReplica(url: string, name: string, replica: number): Promise<INestMicroservice> {
  @Module({ controllers: [WhoController], providers: [{ provide: COPY, useValue: { name, replica } }] })
  class WhoModule {}
  const service = await NestFactory.createMicroservice(WhoModule, {
    ...natsServerTransport(url, name, 'who'),
    logger: false,
  });
  await service.listen();
  return service;
}

const until = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

describe('two copies of the system on one NATS server', () => {
  let nats: TestNatsServer;
  const services: INestMicroservice[] = [];
  const clients: Record<'alpha' | 'beta', ServiceClient> = {} as never;

  beforeAll(async () => {
    nats = await startTestNatsServer();
    // Two replicas of "who" in copy alpha, one in copy beta: same service name, same patterns.
    services.push(await startReplica(nats.url, 'alpha', 1), await startReplica(nats.url, 'alpha', 2));
    services.push(await startReplica(nats.url, 'beta', 1));
    for (const copy of ['alpha', 'beta'] as const) {
      clients[copy] = new ServiceClient(nats.url, `test-${copy}`, 2000, copy);
      await clients[copy].connect();
    }
  });
  afterAll(async () => {
    await Promise.all(Object.values(clients).map((client) => client.close()));
    await Promise.all(services.map((service) => service.close()));
    await nats?.stop();
  });

  it('answers every request inside the copy that asked', async () => {
    for (const copy of ['alpha', 'beta'] as const) {
      const answers = await Promise.all(Array.from({ length: 16 }, () => clients[copy].request('who.copy.get', {})));
      expect(new Set(answers)).toEqual(new Set([copy]));
    }
  });

  it('delivers an event to one replica of its own copy, and to no other copy', async () => {
    heard.length = 0;
    for (let id = 1; id <= 8; id++) await clients.alpha.emit('who.pinged', { id });
    await clients.beta.emit('who.pinged', { id: 100 });
    await until(() => heard.length >= 9);
    await new Promise((r) => setTimeout(r, 200));
    const alpha = heard.filter((h) => h.copy === 'alpha');
    expect(alpha.map((h) => h.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(heard.filter((h) => h.copy === 'beta')).toEqual([{ copy: 'beta', replica: 1, id: 100 }]);
  });

  it('gives subscribers only the events of their own copy', async () => {
    const seen: Record<string, number[]> = { alpha: [], beta: [] };
    const stops = (['alpha', 'beta'] as const).map((copy) =>
      clients[copy].subscribe<{ id: number }>('who.announced', (event) => seen[copy]!.push(event.id)),
    );
    await new Promise((r) => setTimeout(r, 100));
    await clients.alpha.emit('who.announced', { id: 1 });
    await clients.beta.emit('who.announced', { id: 2 });
    await until(() => seen.alpha!.length + seen.beta!.length >= 2);
    await new Promise((r) => setTimeout(r, 200));
    stops.forEach((stop) => stop());
    expect(seen).toEqual({ alpha: [1], beta: [2] });
  });
});
