import { Module } from '@nestjs/common';
import { CardScannedRelay } from './card-scanned.relay.js';
import { LiveSocketServer } from './live-socket.server.js';

/** The `/ws` live socket and the events it relays to the owner's open tabs. */
@Module({
  providers: [LiveSocketServer, CardScannedRelay],
  exports: [LiveSocketServer],
})
export class LiveModule {}
