import { Injectable } from '@nestjs/common';
import { DurableEvents } from '@medical-qr/contracts';
import { Consumes } from '@medical-qr/platform';
import { SessionStore } from '../session/session.store.js';

/**
 * An erased person's sessions end everywhere: sessions live in Redis, shared by every gateway, so one gateway
 * handling the event (the durable consumer is shared) is enough, and one down at the time handles it when back.
 */
@Injectable()
export class ErasedSessionsConsumer {
  constructor(private readonly sessions: SessionStore) {}

  @Consumes(DurableEvents.userErased)
  async endSessions({ userId }: { userId: string }) {
    await this.sessions.destroyAllFor(userId);
  }
}
