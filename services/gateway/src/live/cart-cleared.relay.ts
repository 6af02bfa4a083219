import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DurableEvents, LiveMessageTypes } from '@medical-qr/contracts';
import { EVENT_BUS, type EventBus } from '@medical-qr/platform';
import { LiveSocketGateway } from './live-socket.gateway.js';

/**
 * Tells the buyer's open tabs on this replica that a paid checkout became orders, so the cart, its
 * count and My Orders refresh (the checkout page goes on to /my-orders). Every replica observes every
 * event, as for subscription changes.
 */
@Injectable()
export class CartClearedRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private stopObserving?: () => void;

  constructor(
    @Inject(EVENT_BUS) private readonly events: EventBus,
    private readonly sockets: LiveSocketGateway,
  ) {}

  onApplicationBootstrap() {
    this.stopObserving = this.events.observe(DurableEvents.cartCleared, (event) => {
      this.sockets.send(event.userId, { type: LiveMessageTypes.cartCleared });
    });
  }

  onApplicationShutdown() {
    this.stopObserving?.();
  }
}
