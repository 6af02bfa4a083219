import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { startTestNatsServer, type TestNatsServer } from '../testing/nats-server.js';
import { natsConnectionOptions } from '../nats/nats-options.js';
import { ensureStream, eventAddress } from './event-streams.js';

const MiB = 1024 * 1024;

describe('event streams (a real JetStream server)', () => {
  let server: TestNatsServer;
  let connection: NatsConnection;
  let manager: JetStreamManager;

  beforeAll(async () => {
    server = await startTestNatsServer({ jetstream: true });
    // The first seed answers nothing: the client goes on to the next, as with a cluster whose node is down.
    connection = await connect(natsConnectionOptions(`nats://127.0.0.1:1, ${server.url}`, 'streams-spec'));
    manager = await jetstreamManager(connection);
  }, 120_000);
  afterAll(async () => {
    await connection?.close();
    await server?.stop();
  });

  it('connects through a list of seed servers, one of them down', () => {
    expect(connection.getServer()).toBe(server.url.replace('nats://', ''));
  });

  it('keeps a stream with the replicas and size limit configured, and brings an existing one to a new limit', async () => {
    const address = eventAddress('spec', 'records.card.viewed');
    await ensureStream(manager, address, { replicas: 1, maxBytes: 2 * MiB });
    const first = (await manager.streams.info(address.stream)).config;
    expect({ replicas: first.num_replicas, maxBytes: first.max_bytes, discard: first.discard }).toEqual({
      replicas: 1,
      maxBytes: 2 * MiB,
      discard: 'new',
    });
    await ensureStream(manager, address, { replicas: 1, maxBytes: 3 * MiB });
    expect((await manager.streams.info(address.stream)).config.max_bytes).toBe(3 * MiB);
  });

  it('refuses three replicas on a server that is not a cluster of three, so the process does not start', async () => {
    await expect(
      ensureStream(manager, eventAddress('spec', 'identity.user.deleted'), { replicas: 3, maxBytes: MiB }),
    ).rejects.toThrow(/replicas/i);
  });

  it('refuses a new event when the stream is full, instead of dropping an old one not handled yet', async () => {
    const address = eventAddress('spec', 'privacy.erasure.requested');
    await ensureStream(manager, address, { replicas: 1, maxBytes: 4096 });
    const client = jetstream(connection);
    const event = 'x'.repeat(1500);
    await client.publish(address.subject, event);
    await client.publish(address.subject, event);
    await expect(client.publish(address.subject, event)).rejects.toThrow(/maximum bytes/i);
    expect((await manager.streams.info(address.stream)).state.messages).toBe(2);
  });
});
