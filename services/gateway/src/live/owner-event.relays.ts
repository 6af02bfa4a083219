import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  type DurableEvent,
  type DurableEventData,
  DurableEvents,
  type LiveMessage,
  LiveMessageTypes,
} from '@medical-qr/contracts';
import { EVENT_BUS, type EventBus } from '@medical-qr/platform';
import { LiveSocketGateway } from './live-socket.gateway.js';

interface OwnerRelay<E extends DurableEvent = DurableEvent> {
  event: E;
  /** What the owner's tabs are told; the event names the owner (`userId`). */
  message: (data: DurableEventData<E>) => LiveMessage;
}

const relay = <E extends DurableEvent>(event: E, message: (data: DurableEventData<E>) => LiveMessage) =>
  ({ event, message }) as OwnerRelay;

/** Each event that concerns one person, and what their open tabs hear of it. */
const OWNER_RELAYS: OwnerRelay[] = [
  /** One of their premium cards was just viewed. */
  relay(DurableEvents.cardScanned, (event) => ({
    type: LiveMessageTypes.cardScanned,
    recordId: event.recordId,
    tokenPrefix: event.tokenPrefix,
    viewedAt: event.viewedAt,
    viewer: event.viewer,
  })),
  /** A family alert about one of their cards was sent, answered or left unanswered (the tab fetches it). */
  relay(DurableEvents.familyAlertChanged, (event) => ({
    type: LiveMessageTypes.familyAlert,
    alertId: event.alertId,
    state: event.state,
  })),
  /** A reader opened one of their health links (the tab fetches the list to show who). */
  relay(DurableEvents.healthLinkOpened, (event) => ({ type: LiveMessageTypes.healthLinkOpened, linkId: event.linkId })),
  /** Their premium changed: the plan, the codes' expiry and the pages that show them refresh. */
  relay(DurableEvents.subscriptionUpdated, () => ({ type: LiveMessageTypes.subscriptionUpdated })),
  /** A paid checkout became orders: the cart, its count and My Orders refresh. */
  relay(DurableEvents.cartCleared, () => ({ type: LiveMessageTypes.cartCleared })),
];

/**
 * Tells a person's open tabs on this replica what just happened to their things. Every replica observes every event
 * (no durable consumer): a push that arrives late is worthless, and the tab fetches what it shows.
 */
@Injectable()
export class OwnerEventRelays implements OnApplicationBootstrap, OnApplicationShutdown {
  private stops: Array<() => void> = [];

  constructor(
    @Inject(EVENT_BUS) private readonly events: EventBus,
    private readonly sockets: LiveSocketGateway,
  ) {}

  onApplicationBootstrap() {
    this.stops = OWNER_RELAYS.map(({ event, message }) =>
      this.events.observe(event, (data) => this.sockets.send((data as { userId: string }).userId, message(data))),
    );
  }

  onApplicationShutdown() {
    for (const stop of this.stops) stop();
  }
}
