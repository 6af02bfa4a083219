import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { LiveSocketGateway } from './live-socket.gateway.js';
import { OwnerEventRelays } from './owner-event.relays.js';
import { SessionEndedRelay } from './session-ended.relay.js';

/** The `/ws` live socket, the events it relays to the owner's open tabs, and the sessions that end its sockets. */
@Module({
  imports: [SessionModule],
  providers: [LiveSocketGateway, OwnerEventRelays, SessionEndedRelay],
  exports: [LiveSocketGateway],
})
export class LiveModule {}
