import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DurableEvents, LiveMessageTypes } from '@medical-qr/contracts';
import { EVENT_BUS, type EventBus } from '@medical-qr/platform';
import { LiveSocketGateway } from './live-socket.gateway.js';

/**
 * Tells the owner's open tabs on this replica that one of their premium cards was just viewed.
 * Every replica observes every event (no durable consumer): a push that arrives late is worthless.
 */
@Injectable()
export class CardScannedRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private stopObserving?: () => void;

  constructor(
    @Inject(EVENT_BUS) private readonly events: EventBus,
    private readonly sockets: LiveSocketGateway,
  ) {}

  onApplicationBootstrap() {
    this.stopObserving = this.events.observe(DurableEvents.cardScanned, (event) => {
      this.sockets.send(event.userId, {
        type: LiveMessageTypes.cardScanned,
        recordId: event.recordId,
        tokenPrefix: event.tokenPrefix,
        viewedAt: event.viewedAt,
        viewer: event.viewer,
      });
    });
  }

  onApplicationShutdown() {
    this.stopObserving?.();
  }
}
