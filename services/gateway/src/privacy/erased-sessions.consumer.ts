import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DurableEvents } from '@medical-qr/contracts';
import { EVENT_BUS, type EventBus } from '@medical-qr/platform';
import { SessionStore } from '../session/session.store.js';

/**
 * An erased person's sessions end everywhere: sessions live in Redis, shared by every gateway, so one gateway
 * handling the event (the durable consumer is shared) is enough, and one down at the time handles it when back.
 */
@Injectable()
export class ErasedSessionsConsumer implements OnApplicationBootstrap {
  constructor(
    @Inject(EVENT_BUS) private readonly events: EventBus,
    private readonly sessions: SessionStore,
  ) {}

  async onApplicationBootstrap() {
    await this.events.consume(DurableEvents.userErased, ({ userId }) => this.sessions.destroyAllFor(userId));
  }
}
