import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { cardRequestSchema, RecordsPatterns } from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { CardService } from './card.service.js';

type CardRequest = z.infer<typeof cardRequestSchema>;

/** The public card over NATS. */
@Controller()
export class CardController {
  constructor(private readonly cards: CardService) {}

  @MessagePattern(RecordsPatterns.card)
  card(@Payload(new ZodPayload(cardRequestSchema)) { token, viewer, appUrl }: CardRequest) {
    return this.cards.card(token, { userAgent: viewer.userAgent, ip: viewer.ip, appUrl });
  }

  @MessagePattern(RecordsPatterns.emergency)
  emergency(@Payload(new ZodPayload(cardRequestSchema)) { token, viewer, appUrl }: CardRequest) {
    return this.cards.emergency(token, { userAgent: viewer.userAgent, ip: viewer.ip, appUrl });
  }
}
