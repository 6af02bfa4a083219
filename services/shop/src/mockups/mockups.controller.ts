import { Controller } from '@nestjs/common';
import { type MockupOwnedReply, ShopApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { MockupsRepository } from './mockups.repository.js';
import { MockupsService } from './mockups.service.js';

/** Mockups over NATS. */
@Controller()
export class MockupsController {
  constructor(
    private readonly mockups: MockupsService,
    private readonly repository: MockupsRepository,
  ) {}

  @Handles(ShopApi.generateMockup)
  generate(request: MessagePayload<typeof ShopApi.generateMockup>) {
    return this.mockups.generate(request);
  }

  @Handles(ShopApi.cleanupMockups)
  async cleanup({ userId }: MessagePayload<typeof ShopApi.cleanupMockups>) {
    return { removed: await this.mockups.cleanup(userId) };
  }

  @Handles(ShopApi.mockupOwned)
  async owned({ userId, printifyProductId }: MessagePayload<typeof ShopApi.mockupOwned>): Promise<MockupOwnedReply> {
    return { owned: await this.repository.isOwnedBy(userId, printifyProductId) };
  }
}
