import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { LOGGER } from '@medical-qr/platform';
import { SessionStore } from '../session/session.store.js';
import { REDIS } from '../tokens.js';
import { LiveSocketGateway } from './live-socket.gateway.js';

/**
 * Closes the live sockets of ended sessions on this replica, whichever replica ended them: the session store publishes
 * their ids on Redis (where the sessions are), and every replica listens on a connection of its own. A message missed
 * while Redis was away is caught by the socket heartbeat's session check.
 */
@Injectable()
export class SessionEndedRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscriber?: Redis;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly store: SessionStore,
    private readonly sockets: LiveSocketGateway,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    // Subscribing needs its own connection; it queues the command until Redis answers and resubscribes after outages.
    const subscriber = this.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    subscriber.on('error', (error) => this.logger.warn({ err: error }, 'ended-session channel: Redis error'));
    subscriber.on('message', (_channel: string, message: string) => this.sockets.endSessions(sessionIdsOf(message)));
    subscriber
      .subscribe(this.store.endedChannel)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'ended-session channel: cannot subscribe'));
    this.subscriber = subscriber;
  }

  async onApplicationShutdown() {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }
}

function sessionIdsOf(message: string): string[] {
  try {
    const ids: unknown = JSON.parse(message);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
