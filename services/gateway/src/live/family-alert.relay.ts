import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DurableEvents, LiveMessageTypes } from '@medical-qr/contracts';
import { EVENT_BUS, type EventBus } from '@medical-qr/platform';
import { LiveSocketGateway } from './live-socket.gateway.js';

/**
 * Tells the owner's open tabs on this replica that a family alert about one of their cards was sent, answered, or left
 * unanswered; the tab fetches the alert itself (the event carries no personal data). Every replica observes every
 * event: a push that arrives late is worthless.
 */
@Injectable()
export class FamilyAlertRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private stopObserving?: () => void;

  constructor(
    @Inject(EVENT_BUS) private readonly events: EventBus,
    private readonly sockets: LiveSocketGateway,
  ) {}

  onApplicationBootstrap() {
    this.stopObserving = this.events.observe(DurableEvents.familyAlertChanged, (event) => {
      this.sockets.send(event.userId, {
        type: LiveMessageTypes.familyAlert,
        alertId: event.alertId,
        state: event.state,
      });
    });
  }

  onApplicationShutdown() {
    this.stopObserving?.();
  }
}
