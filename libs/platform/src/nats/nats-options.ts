import type { NatsOptions } from '@nestjs/microservices';
import { Transport } from '@nestjs/microservices';

/**
 * Connection settings shared by every NATS client and server: never give up reconnecting,
 * retry quickly, and notice a dead server within seconds, so that an outage heals on its own.
 */
export function natsConnectionOptions(natsUrl: string, name: string) {
  return {
    servers: natsUrl.split(',').map((url) => url.trim()),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    reconnectJitter: 100,
    waitOnFirstConnect: true,
    pingInterval: 2000,
    maxPingOut: 2,
  };
}

/** Transport options for a service: it subscribes in a queue group named after itself, so replicas share the load. */
export function natsServerTransport(natsUrl: string, service: string): NatsOptions {
  return {
    transport: Transport.NATS,
    options: { ...natsConnectionOptions(natsUrl, service), queue: service },
  };
}
