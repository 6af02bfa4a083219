import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { DurableEvent } from '@medical-qr/contracts';
import { CONSUMED_EVENT } from './consumes.decorator.js';
import type { EventHandler } from './durable-consumer.js';
import type { EventBus } from './event-bus.js';
import { EVENT_BUS } from './event-bus.token.js';

/** Starts a durable consumer for every provider method marked `@Consumes(event)`, once the application has booted. */
@Injectable()
export class EventConsumers implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Inject(EVENT_BUS) private readonly events: EventBus,
  ) {}

  async onApplicationBootstrap() {
    for (const { instance } of this.discovery.getProviders()) {
      if (!instance || typeof instance !== 'object') continue;
      const methods = instance as Record<string, EventHandler<DurableEvent>>;
      for (const name of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const event = Reflect.getMetadata(CONSUMED_EVENT, methods[name]!) as DurableEvent | undefined;
        if (event) await this.events.consume(event, (data, context) => methods[name]!.call(instance, data, context));
      }
    }
  }
}
