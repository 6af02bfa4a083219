import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  ErrorCodes,
  type GenerateMockupRequest,
  type MockupResponse,
  ShopMessages,
  type TaggedMockupResponse,
} from '@medical-qr/contracts';
import { AppError, LOGGER } from '@medical-qr/platform';
import { CatalogService } from '../catalog/catalog.service.js';
import { PrintifyClient, PrintifyRejected } from '../printify/printify-client.js';
import { RecordsClient } from '../records/records.client.js';
import { MockupsRepository } from './mockups.repository.js';

/** The base64 payload of a `data:image/png;base64,...` URL. */
function pngBase64Of(dataUrl: string): string {
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}

/**
 * Mockups of the user's QR on a product: the QR of their active code is uploaded to Printify, a
 * product is made with it in the print area at the asked scale, and Printify's mockup images of
 * that variant come back. Untagged products are previews; the customizer cleans them up.
 */
@Injectable()
export class MockupsService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly printify: PrintifyClient,
    private readonly records: RecordsClient,
    private readonly mockups: MockupsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async generate(request: GenerateMockupRequest): Promise<MockupResponse & TaggedMockupResponse> {
    const record = await this.records.requireActive(request.userId, request.appUrl);
    const blueprint = await this.catalog.blueprint(request.blueprintId);
    const variant = await this.catalog.variant(request.blueprintId, request.printProviderId, request.variantId);
    try {
      const upload = await this.printify.uploadImage('emergency-qr-code.png', pngBase64Of(record.qrCodeData));
      const product = await this.printify.createProduct({
        title: blueprint.title,
        blueprintId: blueprint.id,
        printProviderId: request.printProviderId,
        variantId: variant.id,
        uploadId: upload.id,
        scale: request.scale,
      });
      const cost = product.variants.find((candidate) => candidate.id === variant.id)?.cost;
      if (cost === undefined) throw new Error('Printify made the product without the asked variant');
      const mockupUrls = product.images
        .filter((image) => image.variant_ids.includes(variant.id))
        .sort((a, b) => Number(b.is_default) - Number(a.is_default))
        .map((image) => image.src);
      await this.mockups.insert({
        printifyProductId: product.id,
        userId: request.userId,
        blueprintId: blueprint.id,
        printProviderId: request.printProviderId,
        variantId: variant.id,
        qrScale: request.scale.toFixed(2),
        cost,
        productTitle: blueprint.title,
        variantLabel: variant.title,
        mockupUrls,
        tag: request.tag,
      });
      return { cost, printifyProductId: product.id, productId: product.id, mockupUrls };
    } catch (error) {
      if (error instanceof PrintifyRejected) {
        // The catalog said yes and Printify said no: the catalog cache is stale or Printify changed.
        throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, ShopMessages.printifyUnavailable);
      }
      throw error;
    }
  }

  /** Removes the user's previews (the customizer closed); what backs a cart line or a checkout stays. */
  async cleanup(userId: string): Promise<number> {
    return this.remove(await this.mockups.untaggedOf(userId));
  }

  /** The job's sweep: products left behind by closed tabs and removed cart lines. */
  async removeLeftovers(maxAgeMs: number): Promise<number> {
    return this.remove(await this.mockups.leftovers(new Date(Date.now() - maxAgeMs)));
  }

  private async remove(rows: Array<{ printifyProductId: string }>): Promise<number> {
    const removed: string[] = [];
    for (const { printifyProductId } of rows) {
      try {
        await this.printify.deleteProduct(printifyProductId);
        removed.push(printifyProductId);
      } catch (error) {
        // Kept for the next sweep.
        this.logger.warn({ err: error, printifyProductId }, 'mockup product not deleted at Printify');
      }
    }
    await this.mockups.delete(removed);
    return removed.length;
  }
}
