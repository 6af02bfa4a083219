import { readFileSync } from 'node:fs';
import type { CustomStrategy } from '@nestjs/microservices';
import type { BaseEnv } from '../config/env-schemas.js';
import { NamespacedNatsServer } from './namespaced-nats.server.js';

/** Where and as whom a process connects to NATS: a URL alone (a server without users), or its configuration. */
export type NatsSettings = string | Pick<BaseEnv, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_TLS_CA_FILE'>;

/**
 * The prefix of a user's reply subjects. Each user may subscribe only to its own, so no process
 * can read the replies another process asked for (the gateway's decrypted records, say).
 */
export function inboxPrefixOf(user: string): string {
  return `_INBOX_${user}`;
}

/**
 * Connection settings shared by every NATS client and server: the process's own credentials and
 * reply subjects, TLS when configured, never give up reconnecting, retry quickly, and notice a
 * dead server within seconds, so that an outage heals on its own.
 */
export function natsConnectionOptions(nats: NatsSettings, name: string) {
  const settings = typeof nats === 'string' ? { NATS_URL: nats } : nats;
  const credentials =
    settings.NATS_USER && settings.NATS_PASSWORD
      ? { user: settings.NATS_USER, pass: settings.NATS_PASSWORD, inboxPrefix: inboxPrefixOf(settings.NATS_USER) }
      : {};
  const tls = settings.NATS_TLS_CA_FILE ? { tls: { ca: readFileSync(settings.NATS_TLS_CA_FILE, 'utf8') } } : {};
  return {
    servers: settings.NATS_URL.split(',').map((url) => url.trim()),
    name,
    ...credentials,
    ...tls,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    reconnectJitter: 100,
    waitOnFirstConnect: true,
    pingInterval: 2000,
    maxPingOut: 2,
  };
}

/**
 * The transport of a service: it subscribes inside its copy's namespace (REDIS_PREFIX), in a queue
 * group named after itself, so replicas share the load and other copies never hear it.
 */
export function natsServerTransport(nats: NatsSettings, namespace: string, service: string): CustomStrategy {
  return {
    strategy: new NamespacedNatsServer(namespace, { ...natsConnectionOptions(nats, service), queue: service }),
  };
}
