import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { pino } from 'pino';
import { z } from 'zod';
import { declareMessage, type MessagePayload } from '@medical-qr/contracts';
import { AppError } from '../errors/app-error.js';
import { RpcErrorFilter } from '../errors/rpc-exception.filter.js';
import { parseOrThrow } from '../errors/validation.js';
import { startTestNatsServer, type TestNatsServer } from '../testing/nats-server.js';
import { natsServerTransport } from './nats-options.js';
import { ServiceClient } from './service-client.js';
import { Handles } from './handles.decorator.js';

const signUpSchema = z.strictObject({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  firstName: z.string({ error: 'Please fill in all required fields' }).min(1),
});
const register = declareMessage('people.user.register', {
  request: signUpSchema,
  reply: z.object({ registered: z.email() }),
});
/** Declared to answer a number, but its handler (cast past the compiler) answers text. */
const drifted = declareMessage('people.user.count', { request: z.object({}), reply: z.object({ count: z.number() }) });
const handled: unknown[] = [];

@Controller()
class SignUpController {
  @Handles(register)
  register(request: MessagePayload<typeof register>) {
    handled.push(request);
    return { registered: request.email };
  }

  @Handles(drifted)
  count() {
    return { count: 'three' } as unknown as { count: number };
  }
}
@Module({ controllers: [SignUpController] })
class SignUpModule {}

/** What `parseOrThrow` makes of a payload, to compare the pipe's answer with. */
function refusalOf(payload: unknown): { code: string; message: string } {
  try {
    parseOrThrow(signUpSchema, payload);
  } catch (error) {
    return { code: (error as AppError).code, message: (error as AppError).message };
  }
  throw new Error('the payload is valid');
}

describe('a declared message in a Nest microservice on a real NATS server', () => {
  let nats: TestNatsServer;
  let service: INestMicroservice;
  let client: ServiceClient;

  beforeAll(async () => {
    nats = await startTestNatsServer();
    service = await NestFactory.createMicroservice(SignUpModule, {
      ...natsServerTransport(nats.url, 'mqrtest', 'people'),
      logger: false,
    });
    service.useGlobalFilters(new RpcErrorFilter(pino({ level: 'silent' })));
    await service.listen();
    client = new ServiceClient(nats.url, 'test', 2000, 'mqrtest', true);
    await client.connect();
  });
  afterAll(async () => {
    await client?.close();
    await service?.close();
    await nats?.stop();
  });
  beforeEach(() => (handled.length = 0));

  it('hands the handler the parsed payload, not the raw one', async () => {
    const reply = await client.send(register, { email: '  Ada@Example.COM ', firstName: 'Ada' });
    expect(reply).toEqual({ registered: 'ada@example.com' });
    expect(handled).toEqual([{ email: 'ada@example.com', firstName: 'Ada' }]);
  });

  it.each([
    ['a bad field and an unknown one', { email: 'nope', firstName: 'Ada', admin: true }],
    ['a missing field', { email: 'ada@example.com' }],
    ['no payload at all', undefined],
    ['a payload that is not an object', 'just a string'],
  ])('answers %s with the VALIDATION_ERROR parseOrThrow gives, and never runs the handler', async (_, payload) => {
    const error = await client.request(register.pattern, payload).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect({ code: (error as AppError).code, message: (error as AppError).message }).toEqual(refusalOf(payload ?? {}));
    expect((error as AppError).code).toBe('VALIDATION_ERROR');
    expect(handled).toEqual([]);
  });

  it('fails loudly, in development and tests, when a reply breaks its declaration', async () => {
    await expect(client.send(drifted, {})).rejects.toThrow(
      'The reply to people.user.count breaks its declaration: count: Invalid input: expected number, received string',
    );
  });
});
