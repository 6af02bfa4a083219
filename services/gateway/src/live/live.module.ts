import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { CardScannedRelay } from './card-scanned.relay.js';
import { CartClearedRelay } from './cart-cleared.relay.js';
import { FamilyAlertRelay } from './family-alert.relay.js';
import { HealthLinkOpenedRelay } from './health-link-opened.relay.js';
import { LiveSocketGateway } from './live-socket.gateway.js';
import { SessionEndedRelay } from './session-ended.relay.js';
import { SubscriptionUpdatedRelay } from './subscription-updated.relay.js';

/** The `/ws` live socket, the events it relays to the owner's open tabs, and the sessions that end its sockets. */
@Module({
  imports: [SessionModule],
  providers: [
    LiveSocketGateway,
    CardScannedRelay,
    FamilyAlertRelay,
    HealthLinkOpenedRelay,
    SubscriptionUpdatedRelay,
    CartClearedRelay,
    SessionEndedRelay,
  ],
  exports: [LiveSocketGateway],
})
export class LiveModule {}
