import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { historyRequestSchema, RecordsPatterns, type HistoryRequest } from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { HistoryService } from './history.service.js';

/** Premium history over NATS; the payload is validated here, whoever sent it. */
@Controller()
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @MessagePattern(RecordsPatterns.history)
  page(@Payload(new ZodPayload(historyRequestSchema)) request: HistoryRequest) {
    const { userId, appUrl, ...query } = request;
    return this.history.page(userId, query, appUrl);
  }
}
