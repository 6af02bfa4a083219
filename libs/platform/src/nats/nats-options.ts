import type { CustomStrategy } from '@nestjs/microservices';
import { NamespacedNatsServer } from './namespaced-nats.server.js';

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

/**
 * The transport of a service: it subscribes inside its copy's namespace (REDIS_PREFIX), in a queue
 * group named after itself, so replicas share the load and other copies never hear it.
 */
export function natsServerTransport(natsUrl: string, namespace: string, service: string): CustomStrategy {
  return {
    strategy: new NamespacedNatsServer(namespace, { ...natsConnectionOptions(natsUrl, service), queue: service }),
  };
}
