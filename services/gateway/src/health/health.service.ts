import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  healthPattern,
  SERVICE_NAMES,
  serviceHealthSchema,
  type ComponentStatus,
  type HealthReport,
  type ReadinessReport,
  type ServiceHealth,
  type ServiceName,
} from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import { REDIS } from '../tokens.js';

/** Each check gets this long; the whole report answers within it, whatever is down. */
const CHECK_TIMEOUT_MS = 1500;

async function timed(check: () => Promise<unknown>): Promise<ComponentStatus> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'down', message: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * PostgreSQL as the services that use it see it: the gateway holds no database credentials of its own (a process that
 * serves the public needs none). Down when one service cannot reach it; unknown, so reported down, when none answered.
 */
function postgresAsServicesSeeIt(replies: Map<ServiceName, ServiceHealth>): ComponentStatus {
  if (replies.size === 0) return { status: 'down', message: 'unknown: no service answered' };
  const failing = [...replies].filter(([, reply]) => reply.database.status !== 'up').map(([name]) => name);
  if (failing.length) return { status: 'down', message: `${failing.join(', ')} cannot reach it` };
  const slowest = Math.max(...[...replies.values()].map((reply) => reply.database.latencyMs ?? 0));
  return { status: 'up', latencyMs: slowest };
}

@Injectable()
export class HealthService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
  ) {}

  async report(): Promise<HealthReport> {
    const replies = new Map<ServiceName, ServiceHealth>();
    const [redis, nats, ...serviceStatuses] = await Promise.all([
      timed(() => this.redis.ping()),
      timed(async () => {
        if (!this.services.isConnected()) throw new Error('not connected');
      }),
      ...SERVICE_NAMES.map((service) => timed(() => this.checkService(service, replies))),
    ]);
    const services = Object.fromEntries(SERVICE_NAMES.map((name, i) => [name, serviceStatuses[i]!])) as Record<
      ServiceName,
      ComponentStatus
    >;
    const postgres = postgresAsServicesSeeIt(replies);
    const everything = [postgres, redis, nats, ...serviceStatuses];
    return {
      status: everything.every((c) => c.status === 'up') ? 'ok' : 'degraded',
      checks: { postgres, redis: redis!, nats: nats! },
      services,
    };
  }

  /**
   * Whether this gateway can serve the emergency card, which needs only its NATS connection (to the records service).
   * Redis is reported but does not count: what needs it (sessions, rate limits, queued mail) answers 503 on its own
   * while it is away, and a Redis blip must not take every gateway out of the load balancer, cards with them.
   */
  async readiness(): Promise<ReadinessReport> {
    const [redis, nats] = await Promise.all([
      timed(() => this.redis.ping()),
      timed(async () => {
        if (!this.services.isConnected()) throw new Error('not connected');
      }),
    ]);
    return { status: nats.status === 'up' ? 'ok' : 'degraded', checks: { redis, nats } };
  }

  /** One service's own answer; SERVICE_UNAVAILABLE when it does not answer in time. */
  askService(service: ServiceName, timeoutMs?: number): Promise<ServiceHealth> {
    return this.services
      .request(healthPattern(service), {}, { timeoutMs })
      .then((reply) => serviceHealthSchema.parse(reply));
  }

  private async checkService(service: ServiceName, replies: Map<ServiceName, ServiceHealth>) {
    const reply = await this.askService(service, CHECK_TIMEOUT_MS);
    replies.set(service, reply);
    if (reply.status !== 'up') throw new Error(`its database is ${reply.database.status}`);
  }
}
