import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { namespacedSubject } from '../nats/namespace.js';

/** How long an event waits in its stream for a consuming service that is down. */
export const EVENT_RETENTION_MS = 7 * 24 * 3600_000;
/** The stream drops a second publish of the same event id within this window. */
const DUPLICATE_WINDOW_MS = 2 * 60_000;
/** Delivered but neither acknowledged nor refused for this long: delivered again. */
export const DEFAULT_ACK_WAIT_MS = 30_000;

/** How every event stream is kept: copies across a JetStream cluster, and the most it may hold. */
export interface StreamLimits {
  /** Copies of each stream (1 on a single server; 3 on a production cluster, so one node's disk can go). */
  replicas: number;
  /** The most one stream holds, in bytes. Full, it refuses new events (the publisher retries, then fails loudly). */
  maxBytes: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { replicas: 1, maxBytes: 1024 ** 3 };

/** Where one kind of durable event lives: its namespaced subject and its stream. */
export interface EventAddress {
  subject: string;
  stream: string;
}

/**
 * Where events a service could not read go, kept for an operator (30 days): one stream per copy of the system, one
 * subject per consuming service. Never dropped silently: an event no version of a service can read is a bug to fix,
 * and the event can be published again once it is.
 */
export function deadLetterAddress(namespace: string, consumer: string): EventAddress {
  return { subject: namespacedSubject(namespace, `dead-letters.${consumer}`), stream: deadLetterStream(namespace) };
}

export function deadLetterStream(namespace: string): string {
  return eventAddress(namespace, 'dead-letters').stream;
}

const DEAD_LETTER_RETENTION_MS = 30 * 24 * 3600_000;

export async function ensureDeadLetterStream(
  manager: JetStreamManager,
  namespace: string,
  limits: StreamLimits = DEFAULT_STREAM_LIMITS,
): Promise<void> {
  const settings = {
    subjects: [namespacedSubject(namespace, 'dead-letters.>')],
    retention: RetentionPolicy.Limits,
    max_age: nanos(DEAD_LETTER_RETENTION_MS),
    max_bytes: limits.maxBytes,
    num_replicas: limits.replicas,
    discard: DiscardPolicy.New,
  };
  await addOrUpdateStream(manager, deadLetterStream(namespace), settings);
}

/** One stream per event subject, both under the system's namespace; stream names cannot hold dots. */
export function eventAddress(namespace: string, subject: string): EventAddress {
  const namespaced = namespacedSubject(namespace, subject);
  return { subject: namespaced, stream: namespaced.replace(/\./g, '_') };
}

/**
 * Creates the event's stream, or brings an existing one to this configuration. Safe to call from
 * every replica at once: adding an identical stream is a no-op on the server. A server that cannot keep the replicas
 * asked for (one not in a cluster that large) refuses, and the process does not start.
 */
export async function ensureStream(
  manager: JetStreamManager,
  address: EventAddress,
  limits: StreamLimits = DEFAULT_STREAM_LIMITS,
): Promise<void> {
  const settings = {
    subjects: [address.subject],
    // Limits, not interest: an event published before a consuming service first starts still waits for it.
    retention: RetentionPolicy.Limits,
    max_age: nanos(EVENT_RETENTION_MS),
    max_bytes: limits.maxBytes,
    num_replicas: limits.replicas,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    // A full stream refuses the new event rather than dropping the oldest, which may not have been handled yet.
    discard: DiscardPolicy.New,
  };
  await addOrUpdateStream(manager, address.stream, settings);
}

/** Adds the stream on file storage, or brings an existing one to `settings` (adding an identical one is a no-op). */
async function addOrUpdateStream(
  manager: JetStreamManager,
  name: string,
  settings: Omit<Partial<StreamConfig>, 'name' | 'storage'>,
): Promise<void> {
  try {
    await manager.streams.add({ name, storage: StorageType.File, ...settings });
  } catch (error) {
    if (!(await exists(() => manager.streams.info(name)))) throw error;
    await manager.streams.update(name, settings);
  }
}

export interface DurableConsumerSettings {
  /** The consuming service: its replicas share this consumer, and every service has its own. */
  name: string;
  ackWaitMs: number;
}

/** Creates the service's durable consumer on the stream, or updates what may change on an existing one. */
export async function ensureDurableConsumer(
  manager: JetStreamManager,
  stream: string,
  consumer: DurableConsumerSettings,
): Promise<void> {
  const settings = {
    ack_wait: nanos(consumer.ackWaitMs),
    // Never give up on an event: failures back off (see retryDelayMs); malformed events are terminated.
    max_deliver: -1,
    max_ack_pending: 100,
  };
  try {
    await manager.consumers.add(stream, {
      durable_name: consumer.name,
      ack_policy: AckPolicy.Explicit,
      // A service's first start takes every event the stream still holds, not only new ones.
      deliver_policy: DeliverPolicy.All,
      ...settings,
    });
  } catch (error) {
    if (!(await exists(() => manager.consumers.info(stream, consumer.name)))) throw error;
    await manager.consumers.update(stream, consumer.name, settings);
  }
}

async function exists(info: () => Promise<unknown>): Promise<boolean> {
  try {
    await info();
    return true;
  } catch {
    return false;
  }
}
