import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DurableEvents, LiveMessageTypes } from '@medical-qr/contracts';
import { EVENT_BUS, type EventBus } from '@medical-qr/platform';
import { LiveSocketGateway } from './live-socket.gateway.js';

/**
 * Tells the owner's open tabs on this replica that a reader opened one of their health links; the tab fetches its list
 * to show who (the event names no one). Every replica observes every event.
 */
@Injectable()
export class HealthLinkOpenedRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private stopObserving?: () => void;

  constructor(
    @Inject(EVENT_BUS) private readonly events: EventBus,
    private readonly sockets: LiveSocketGateway,
  ) {}

  onApplicationBootstrap() {
    this.stopObserving = this.events.observe(DurableEvents.healthLinkOpened, (event) => {
      this.sockets.send(event.userId, { type: LiveMessageTypes.healthLinkOpened, linkId: event.linkId });
    });
  }

  onApplicationShutdown() {
    this.stopObserving?.();
  }
}
