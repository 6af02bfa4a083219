import {
  type DynamicModule,
  Inject,
  Module,
  type OnApplicationShutdown,
  type OnModuleDestroy,
  type Provider,
} from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { Logger } from 'pino';
import type { ProcessEnv } from '../config/env-schemas.js';
import { CONFIG, LOGGER } from '../service/tokens.js';
import { EventBus } from './event-bus.js';
import { EVENT_BUS } from './event-bus.token.js';
import { EventConsumers } from './event-consumers.js';

export { EVENT_BUS } from './event-bus.token.js';

export interface EventsModuleOptions {
  /** The process's name: its durable consumers are named after it. */
  name: string;
  /** The process's configuration when it provides none under CONFIG (the gateway). */
  config?: ProcessEnv;
}

/**
 * Gives every module of a process the event bus, on its own NATS connection, namespaced by
 * REDIS_PREFIX, and starts the durable consumers its providers declare with `@Consumes(event)`. Consumers stop (finishing the event in hand) before the database and queues
 * close; the connection closes last.
 */
@Module({})
export class EventsModule implements OnModuleDestroy, OnApplicationShutdown {
  constructor(@Inject(EVENT_BUS) private readonly events: EventBus) {}

  static register(options: EventsModuleOptions): DynamicModule {
    const connect = (config: ProcessEnv, logger: Logger) =>
      EventBus.connect({
        nats: config,
        name: options.name,
        namespace: config.REDIS_PREFIX,
        logger,
        streams: { replicas: config.NATS_STREAM_REPLICAS, maxBytes: config.NATS_STREAM_MAX_BYTES },
      });
    const bus: Provider = options.config
      ? { provide: EVENT_BUS, inject: [LOGGER], useFactory: (logger: Logger) => connect(options.config!, logger) }
      : { provide: EVENT_BUS, inject: [CONFIG, LOGGER], useFactory: connect };
    return {
      module: EventsModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [bus, EventConsumers],
      exports: [EVENT_BUS],
    };
  }

  async onModuleDestroy() {
    await this.events.stopConsuming();
  }

  async onApplicationShutdown() {
    await this.events.close();
  }
}
