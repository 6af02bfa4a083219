import { Injectable } from '@nestjs/common';
import {
  type Blueprint,
  categoryOf,
  ErrorCodes,
  type PrintProvider,
  shopBlueprints,
  type ShippingResponse,
  ShopMessages,
  stripMarkup,
  type Variant,
} from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { PrintifyClient } from '../printify/printify-client.js';
import type { PrintifyCatalogVariant } from '../printify/printify-types.js';
import { CatalogCache } from './catalog-cache.js';

/** A variant the shop can sell, with what the print area needs to know. */
export interface SellableVariant extends Variant {
  placeholders: PrintifyCatalogVariant['placeholders'];
}

/**
 * The shop's catalog: Printify's blueprints through the shop's filters (SPEC section 5), their
 * print providers, in-stock variants and shipping, each answer cached.
 */
@Injectable()
export class CatalogService {
  constructor(
    private readonly printify: PrintifyClient,
    private readonly cache: CatalogCache,
  ) {}

  /** Every blueprint the shop offers, described without markup and with its category. */
  async blueprints(): Promise<Blueprint[]> {
    const all = await this.cache.get('blueprints', () => this.printify.blueprints());
    return shopBlueprints(all).map((blueprint) => ({
      id: blueprint.id,
      title: blueprint.title,
      description: stripMarkup(blueprint.description),
      brand: blueprint.brand,
      model: blueprint.model,
      images: blueprint.images,
      category: categoryOf(blueprint)!,
    }));
  }

  /** One blueprint of the shop; NOT_FOUND for one Printify has but the shop does not offer. */
  async blueprint(blueprintId: number): Promise<Blueprint> {
    const found = (await this.blueprints()).find((blueprint) => blueprint.id === blueprintId);
    if (!found) throw new AppError(ErrorCodes.NOT_FOUND, ShopMessages.productNotFound);
    return found;
  }

  async printProviders(blueprintId: number): Promise<PrintProvider[]> {
    await this.blueprint(blueprintId);
    const providers = await this.cache.get(`providers:${blueprintId}`, () => this.printify.printProviders(blueprintId));
    if (!providers) throw new AppError(ErrorCodes.NOT_FOUND, ShopMessages.productNotFound);
    return providers.map(({ id, title }) => ({ id, title }));
  }

  /** The variants in stock (`show-out-of-stock=0`, and none Printify marks unavailable). */
  async variants(blueprintId: number, printProviderId: number): Promise<SellableVariant[]> {
    await this.provider(blueprintId, printProviderId);
    const answer = await this.cache.get(`variants:${blueprintId}:${printProviderId}`, () =>
      this.printify.variants(blueprintId, printProviderId),
    );
    if (!answer) throw new AppError(ErrorCodes.NOT_FOUND, ShopMessages.printProviderNotFound);
    return answer.variants
      .filter((variant) => variant.is_available !== false)
      .map(({ id, title, options, placeholders }) => ({ id, title, options, placeholders }));
  }

  async variant(blueprintId: number, printProviderId: number, variantId: number): Promise<SellableVariant> {
    const found = (await this.variants(blueprintId, printProviderId)).find((variant) => variant.id === variantId);
    if (!found) throw new AppError(ErrorCodes.NOT_FOUND, ShopMessages.variantNotAvailable);
    return found;
  }

  async shipping(blueprintId: number, printProviderId: number): Promise<ShippingResponse> {
    await this.provider(blueprintId, printProviderId);
    const answer = await this.cache.get(`shipping:${blueprintId}:${printProviderId}`, () =>
      this.printify.shipping(blueprintId, printProviderId),
    );
    if (!answer) throw new AppError(ErrorCodes.NOT_FOUND, ShopMessages.printProviderNotFound);
    return answer;
  }

  private async provider(blueprintId: number, printProviderId: number): Promise<PrintProvider> {
    const found = (await this.printProviders(blueprintId)).find((provider) => provider.id === printProviderId);
    if (!found) throw new AppError(ErrorCodes.NOT_FOUND, ShopMessages.printProviderNotFound);
    return found;
  }
}
