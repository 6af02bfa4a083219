import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { CardScannedRelay } from './card-scanned.relay.js';
import { CartClearedRelay } from './cart-cleared.relay.js';
import { LiveSocketGateway } from './live-socket.gateway.js';
import { SubscriptionUpdatedRelay } from './subscription-updated.relay.js';

/** The `/ws` live socket and the events it relays to the owner's open tabs. */
@Module({
  imports: [SessionModule],
  providers: [LiveSocketGateway, CardScannedRelay, SubscriptionUpdatedRelay, CartClearedRelay],
  exports: [LiveSocketGateway],
})
export class LiveModule {}
