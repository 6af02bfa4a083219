import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { blueprintRequestSchema, printProviderRequestSchema, ShopPatterns } from '@medical-qr/contracts';
import { ZodPayload } from '@medical-qr/platform';
import { CatalogService } from './catalog.service.js';

/** The shop's catalog over NATS. */
@Controller()
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @MessagePattern(ShopPatterns.blueprints)
  blueprints() {
    return this.catalog.blueprints();
  }

  @MessagePattern(ShopPatterns.blueprint)
  blueprint(@Payload(new ZodPayload(blueprintRequestSchema)) { blueprintId }: z.infer<typeof blueprintRequestSchema>) {
    return this.catalog.blueprint(blueprintId);
  }

  @MessagePattern(ShopPatterns.printProviders)
  printProviders(
    @Payload(new ZodPayload(blueprintRequestSchema)) { blueprintId }: z.infer<typeof blueprintRequestSchema>,
  ) {
    return this.catalog.printProviders(blueprintId);
  }

  @MessagePattern(ShopPatterns.variants)
  async variants(
    @Payload(new ZodPayload(printProviderRequestSchema))
    { blueprintId, printProviderId }: z.infer<typeof printProviderRequestSchema>,
  ) {
    const variants = await this.catalog.variants(blueprintId, printProviderId);
    return { variants: variants.map(({ id, title, options }) => ({ id, title, options })) };
  }

  @MessagePattern(ShopPatterns.shipping)
  shipping(
    @Payload(new ZodPayload(printProviderRequestSchema))
    { blueprintId, printProviderId }: z.infer<typeof printProviderRequestSchema>,
  ) {
    return this.catalog.shipping(blueprintId, printProviderId);
  }
}
