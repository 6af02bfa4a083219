import { Controller } from '@nestjs/common';
import { RecordsApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { CardService } from './card.service.js';

/** The public card over NATS. */
@Controller()
export class CardController {
  constructor(private readonly cards: CardService) {}

  @Handles(RecordsApi.card)
  card({ token, viewer, appUrl }: MessagePayload<typeof RecordsApi.card>) {
    return this.cards.card(token, { userAgent: viewer.userAgent, ip: viewer.ip, automated: viewer.automated, appUrl });
  }

  @Handles(RecordsApi.emergency)
  emergency({ token, viewer, appUrl }: MessagePayload<typeof RecordsApi.emergency>) {
    return this.cards.emergency(token, {
      userAgent: viewer.userAgent,
      ip: viewer.ip,
      automated: viewer.automated,
      appUrl,
    });
  }
}
