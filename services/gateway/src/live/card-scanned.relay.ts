import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LiveMessageTypes, RecordsEvents, type CardScannedEvent } from '@medical-qr/contracts';
import { SERVICE_CLIENT, type ServiceClient } from '@medical-qr/platform';
import { LiveSocketServer } from './live-socket.server.js';

/** Tells the owner's open tabs on this replica that one of their premium cards was just viewed. */
@Injectable()
export class CardScannedRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private unsubscribe?: () => void;

  constructor(
    @Inject(SERVICE_CLIENT) private readonly services: ServiceClient,
    private readonly sockets: LiveSocketServer,
  ) {}

  onApplicationBootstrap() {
    this.unsubscribe = this.services.subscribe<CardScannedEvent>(RecordsEvents.cardScanned, (event) => {
      if (typeof event?.userId !== 'string') return;
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
    this.unsubscribe?.();
  }
}
