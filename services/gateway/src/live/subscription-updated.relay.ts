import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DurableEvents, LiveMessageTypes } from '@medical-qr/contracts';
import { EVENT_BUS, type EventBus } from '@medical-qr/platform';
import { LiveSocketGateway } from './live-socket.gateway.js';

/**
 * Tells the user's open tabs on this replica that their premium access changed, so they refresh
 * premium status, dashboard and active record. Every replica observes every event: each holds
 * its own sockets, and a push that arrives late is worthless (the tab reads fresh state on reconnect).
 */
@Injectable()
export class SubscriptionUpdatedRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private stopObserving?: () => void;

  constructor(
    @Inject(EVENT_BUS) private readonly events: EventBus,
    private readonly sockets: LiveSocketGateway,
  ) {}

  onApplicationBootstrap() {
    this.stopObserving = this.events.observe(DurableEvents.subscriptionUpdated, (event) => {
      this.sockets.send(event.userId, { type: LiveMessageTypes.subscriptionUpdated });
    });
  }

  onApplicationShutdown() {
    this.stopObserving?.();
  }
}
