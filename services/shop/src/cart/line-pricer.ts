import { Injectable } from '@nestjs/common';
import {
  type CartItemInput,
  ErrorCodes,
  type MerchPrice,
  merchPrice,
  shippingProfileFor,
  SHIPPING_NOT_AVAILABLE,
  ShopMessages,
} from '@medical-qr/contracts';
import { AppError } from '@medical-qr/platform';
import { CatalogService } from '../catalog/catalog.service.js';
import type { MockupRow } from '../database/schema.js';
import { MockupsRepository } from '../mockups/mockups.repository.js';

/** A line as the server prices and describes it; nothing here comes from the client but the choices. */
export interface PricedLine {
  mockup: MockupRow;
  price: MerchPrice;
  item: CartItemInput;
  qrScale: string;
}

/** What a priced line stores of its product, wherever it goes (a cart line, a quick checkout's order line). */
export function productOf({ mockup, item, qrScale }: PricedLine) {
  return {
    blueprintId: item.blueprintId,
    printProviderId: item.printProviderId,
    variantId: item.variantId,
    productTitle: mockup.productTitle,
    variantLabel: mockup.variantLabel,
    quantity: item.quantity,
    mockupUrl: mockup.mockupUrls[0] ?? '',
    qrScale,
    printifyProductId: mockup.printifyProductId,
  };
}

/**
 * Prices a line from the server's own facts: the provider's cost of the product made for its
 * mockup (which must be the user's, for the same blueprint, provider and variant), the shipping
 * profile of the country, and the user's plan. Prices the client sent are never read.
 */
@Injectable()
export class LinePricer {
  constructor(
    private readonly catalog: CatalogService,
    private readonly mockups: MockupsRepository,
  ) {}

  async price(userId: string, isPremium: boolean, item: CartItemInput): Promise<PricedLine> {
    const mockup = await this.mockups.find(userId, item.printifyProductId);
    if (
      !mockup ||
      mockup.blueprintId !== item.blueprintId ||
      mockup.printProviderId !== item.printProviderId ||
      mockup.variantId !== item.variantId
    ) {
      throw new AppError(ErrorCodes.NOT_FOUND, ShopMessages.mockupNotFound);
    }
    const shipping = await this.catalog.shipping(item.blueprintId, item.printProviderId);
    const profile = shippingProfileFor(shipping.profiles, item.variantId, item.countryCode);
    if (!profile) throw new AppError(ErrorCodes.VALIDATION_ERROR, SHIPPING_NOT_AVAILABLE);
    const price = merchPrice({ providerCost: mockup.cost, quantity: item.quantity, profile, isPremium });
    return { mockup, price, item, qrScale: item.qrScale.toFixed(2) };
  }
}
