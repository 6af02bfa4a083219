import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import {
  cleanupRequestSchema,
  generateMockupRequestSchema,
  type MockupOwnedReply,
  type MockupOwnedRequest,
  mockupOwnedRequestSchema,
  ShopPatterns,
} from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { MockupsRepository } from './mockups.repository.js';
import { MockupsService } from './mockups.service.js';

/** Mockups over NATS. */
@Controller()
export class MockupsController {
  constructor(
    private readonly mockups: MockupsService,
    private readonly repository: MockupsRepository,
  ) {}

  @MessagePattern(ShopPatterns.generateMockup)
  generate(@Payload(new ZodPayload(generateMockupRequestSchema)) request: z.infer<typeof generateMockupRequestSchema>) {
    return this.mockups.generate(request);
  }

  @MessagePattern(ShopPatterns.cleanupMockups)
  async cleanup(@Payload(new ZodPayload(cleanupRequestSchema)) { userId }: z.infer<typeof cleanupRequestSchema>) {
    return { removed: await this.mockups.cleanup(userId) };
  }

  @MessagePattern(ShopPatterns.mockupOwned)
  async owned(
    @Payload(new ZodPayload(mockupOwnedRequestSchema)) { userId, printifyProductId }: MockupOwnedRequest,
  ): Promise<MockupOwnedReply> {
    return { owned: await this.repository.isOwnedBy(userId, printifyProductId) };
  }
}
