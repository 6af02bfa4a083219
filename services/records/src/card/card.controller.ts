import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { cardRequestSchema, RecordsPatterns } from '@medical-qr/contracts';
import { parseOrThrow } from '@medical-qr/platform';
import { CardService } from './card.service.js';

/** The public card over NATS. */
@Controller()
export class CardController {
  constructor(private readonly cards: CardService) {}

  @MessagePattern(RecordsPatterns.card)
  card(@Payload() payload: unknown) {
    const { token, viewer, appUrl } = parseOrThrow(cardRequestSchema, payload);
    return this.cards.card(token, { userAgent: viewer.userAgent, appUrl });
  }

  @MessagePattern(RecordsPatterns.emergency)
  emergency(@Payload() payload: unknown) {
    const { token, viewer, appUrl } = parseOrThrow(cardRequestSchema, payload);
    return this.cards.emergency(token, { userAgent: viewer.userAgent, appUrl });
  }
}
