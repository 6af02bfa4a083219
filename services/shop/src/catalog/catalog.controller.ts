import { Controller } from '@nestjs/common';
import { ShopApi, type MessagePayload } from '@medical-qr/contracts';
import { Handles } from '@medical-qr/platform';
import { CatalogService } from './catalog.service.js';

/** The shop's catalog over NATS. */
@Controller()
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Handles(ShopApi.blueprints)
  blueprints() {
    return this.catalog.blueprints();
  }

  @Handles(ShopApi.blueprint)
  blueprint({ blueprintId }: MessagePayload<typeof ShopApi.blueprint>) {
    return this.catalog.blueprint(blueprintId);
  }

  @Handles(ShopApi.printProviders)
  printProviders({ blueprintId }: MessagePayload<typeof ShopApi.printProviders>) {
    return this.catalog.printProviders(blueprintId);
  }

  @Handles(ShopApi.variants)
  async variants({ blueprintId, printProviderId }: MessagePayload<typeof ShopApi.variants>) {
    const variants = await this.catalog.variants(blueprintId, printProviderId);
    return { variants: variants.map(({ id, title, options }) => ({ id, title, options })) };
  }

  @Handles(ShopApi.shipping)
  shipping({ blueprintId, printProviderId }: MessagePayload<typeof ShopApi.shipping>) {
    return this.catalog.shipping(blueprintId, printProviderId);
  }
}
