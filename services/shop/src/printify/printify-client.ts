import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ErrorCodes, ShopMessages } from '@medical-qr/contracts';
import { AppError, CONFIG, describeIssues, LOGGER } from '@medical-qr/platform';
import type { ShopConfig } from '../config.js';
import type { PrintifyAddress } from './printify-address.js';
import {
  type PrintifyBlueprint,
  printifyBlueprintSchema,
  printifyCreatedOrderSchema,
  type PrintifyOrder,
  printifyOrderSchema,
  type PrintifyPage,
  printifyPageSchema,
  type PrintifyPrintProvider,
  printifyPrintProviderSchema,
  type PrintifyProduct,
  printifyProductSchema,
  type PrintifyShipping,
  printifyShippingSchema,
  type PrintifyUpload,
  printifyUploadSchema,
  type PrintifyVariants,
  printifyVariantsSchema,
  type PrintifyWebhook,
  printifyWebhookSchema,
} from './printify-types.js';

/** Printify refused a call (4xx other than 404): the request was wrong, retrying it will not help. */
export class PrintifyRejected extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Printify refused the call (${status})`);
  }
}

export interface ProductRequest {
  title: string;
  blueprintId: number;
  printProviderId: number;
  variantId: number;
  uploadId: string;
  scale: number;
}

export interface OrderRequest {
  externalId: string;
  label: string;
  /** One line per product (each item's own print), one item each. */
  productIds: string[];
  variantId: number;
  address: PrintifyAddress;
}

/**
 * Printify's REST API v1 with the shop's token (Bearer). Every call has a timeout; no answer, a
 * 5xx or a 429 becomes SERVICE_UNAVAILABLE with a message the user can act on (try again), a 404
 * becomes null where the caller asks for something that may not exist, any other refusal a
 * {@link PrintifyRejected} the caller decides about. Response bodies are never logged whole.
 */
@Injectable()
export class PrintifyClient {
  private readonly base: string;

  constructor(
    @Inject(CONFIG) private readonly config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.base = `${config.PRINTIFY_API_URL.replace(/\/+$/, '')}/v1`;
  }

  private get shop(): string {
    return `/shops/${this.config.PRINTIFY_SHOP_ID}`;
  }

  blueprints(): Promise<PrintifyBlueprint[]> {
    return this.call(z.array(printifyBlueprintSchema), 'GET', '/catalog/blueprints.json');
  }

  blueprint(id: number): Promise<PrintifyBlueprint | null> {
    return this.orNull(this.call(printifyBlueprintSchema, 'GET', `/catalog/blueprints/${id}.json`));
  }

  printProviders(blueprintId: number): Promise<PrintifyPrintProvider[] | null> {
    return this.orNull(
      this.call(z.array(printifyPrintProviderSchema), 'GET', `/catalog/blueprints/${blueprintId}/print_providers.json`),
    );
  }

  variants(blueprintId: number, providerId: number): Promise<PrintifyVariants | null> {
    return this.orNull(
      this.call(
        printifyVariantsSchema,
        'GET',
        `/catalog/blueprints/${blueprintId}/print_providers/${providerId}/variants.json?show-out-of-stock=0`,
      ),
    );
  }

  shipping(blueprintId: number, providerId: number): Promise<PrintifyShipping | null> {
    return this.orNull(
      this.call(
        printifyShippingSchema,
        'GET',
        `/catalog/blueprints/${blueprintId}/print_providers/${providerId}/shipping.json`,
      ),
    );
  }

  uploadImage(fileName: string, pngBase64: string): Promise<PrintifyUpload> {
    return this.call(printifyUploadSchema, 'POST', '/uploads/images.json', {
      file_name: fileName,
      contents: pngBase64,
    });
  }

  /** A product with the QR centred in the front print area at `scale`; Printify answers with its mockups. */
  createProduct(request: ProductRequest): Promise<PrintifyProduct> {
    return this.call(printifyProductSchema, 'POST', `${this.shop}/products.json`, {
      title: request.title,
      description: 'Emergency medical QR code',
      blueprint_id: request.blueprintId,
      print_provider_id: request.printProviderId,
      variants: [{ id: request.variantId, price: 0, is_enabled: true }],
      print_areas: [
        {
          variant_ids: [request.variantId],
          placeholders: [
            {
              position: 'front',
              images: [{ id: request.uploadId, x: 0.5, y: 0.5, scale: Math.max(request.scale, 0.01), angle: 0 }],
            },
          ],
        },
      ],
    });
  }

  /** One page of the shop's products, newest first (Printify gives at most 50 a page). */
  products(page: number, limit = 50): Promise<PrintifyPage<PrintifyProduct>> {
    return this.call(
      printifyPageSchema(printifyProductSchema),
      'GET',
      `${this.shop}/products.json?limit=${limit}&page=${page}`,
    );
  }

  /**
   * The product titled `title` made since `since`, if there is one: a call to make it may have succeeded at Printify
   * with its answer lost (the worker died, the reply never came), and a product has no idempotency key to ask with.
   * Pages back, newest first, only as far as products made since then.
   */
  async findProduct(title: string, since: Date): Promise<PrintifyProduct | undefined> {
    for (let page = 1; ; page++) {
      const listed = await this.products(page);
      const found = listed.data.find((product) => product.title === title);
      if (found) return found;
      const oldest = listed.data.at(-1);
      if (!oldest || page >= listed.last_page || printifyDate(oldest.created_at) < since) return undefined;
    }
  }

  /** Deletes a product; one already gone counts as deleted. */
  async deleteProduct(productId: string): Promise<void> {
    await this.orNull(this.call(z.unknown(), 'DELETE', `${this.shop}/products/${encodeURIComponent(productId)}.json`));
  }

  createOrder(request: OrderRequest): Promise<{ id: string }> {
    return this.call(printifyCreatedOrderSchema, 'POST', `${this.shop}/orders.json`, {
      external_id: request.externalId,
      label: request.label,
      line_items: request.productIds.map((productId) => ({
        product_id: productId,
        variant_id: request.variantId,
        quantity: 1,
      })),
      shipping_method: 1,
      send_shipping_notification: false,
      address_to: request.address,
    });
  }

  /** One page of the shop's orders, newest first. */
  orders(page: number, limit = 50): Promise<PrintifyPage<PrintifyOrder>> {
    return this.call(
      printifyPageSchema(printifyOrderSchema),
      'GET',
      `${this.shop}/orders.json?limit=${limit}&page=${page}`,
    );
  }

  /**
   * The order made for `externalId` since `since`, if there is one. Printify refuses a second order with the same
   * external id, so when a call to make it succeeded with its answer lost, this is how the order is found again.
   */
  async findOrder(externalId: string, since: Date): Promise<PrintifyOrder | undefined> {
    for (let page = 1; ; page++) {
      const listed = await this.orders(page);
      const found = listed.data.find((order) => order.metadata?.shop_order_id === externalId);
      if (found) return found;
      const oldest = listed.data.at(-1);
      if (!oldest || page >= listed.last_page || printifyDate(oldest.created_at) < since) return undefined;
    }
  }

  sendToProduction(orderId: string): Promise<PrintifyOrder> {
    return this.call(
      printifyOrderSchema,
      'POST',
      `${this.shop}/orders/${encodeURIComponent(orderId)}/send_to_production.json`,
    );
  }

  order(orderId: string): Promise<PrintifyOrder | null> {
    return this.orNull(
      this.call(printifyOrderSchema, 'GET', `${this.shop}/orders/${encodeURIComponent(orderId)}.json`),
    );
  }

  webhooks(): Promise<PrintifyWebhook[]> {
    return this.call(z.array(printifyWebhookSchema), 'GET', `${this.shop}/webhooks.json`);
  }

  /** Printify signs each event of the topic with `secret` (X-Pfy-Signature). */
  createWebhook(topic: string, url: string, secret: string): Promise<PrintifyWebhook> {
    return this.call(printifyWebhookSchema, 'POST', `${this.shop}/webhooks.json`, { topic, url, secret });
  }

  private async orNull<T>(call: Promise<T>): Promise<T | null> {
    try {
      return await call;
    } catch (error) {
      if (error instanceof PrintifyRejected && error.status === 404) return null;
      throw error;
    }
  }

  private async call<Reply extends z.ZodType>(
    schema: Reply,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<z.output<Reply>> {
    const { PRINTIFY_API_TOKEN: token, PRINTIFY_SHOP_ID: shopId } = this.config;
    if (!token || !shopId) {
      this.logger.warn('PRINTIFY_API_TOKEN or PRINTIFY_SHOP_ID is not set: the print shop is off');
      throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, ShopMessages.printifyUnavailable);
    }
    const where = `${method} ${path.split('?')[0]}`;
    let response: Response;
    try {
      response = await fetch(this.base + path, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          'User-Agent': 'MedicalQR',
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(this.config.PRINTIFY_TIMEOUT_MS),
      });
    } catch (error) {
      this.logger.warn({ err: error, call: where }, 'Printify did not answer');
      throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, ShopMessages.printifyUnavailable);
    }
    const text = await response.text().catch(() => '');
    const parsed = parseJson(text);
    if (response.ok) {
      const checked = schema.safeParse(parsed);
      if (checked.success) return checked.data;
      // Printify answered something the shop cannot read: its API changed, or a proxy answered for it.
      this.logger.error(
        { call: where, issues: describeIssues(checked.error) },
        'Printify answered an unexpected shape',
      );
      throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, ShopMessages.printifyUnavailable);
    }
    if (response.status >= 500 || response.status === 429 || response.status === 401 || response.status === 403) {
      this.logger.warn({ call: where, status: response.status }, 'Printify call failed');
      throw new AppError(ErrorCodes.SERVICE_UNAVAILABLE, ShopMessages.printifyUnavailable);
    }
    if (response.status !== 404) {
      this.logger.warn({ call: where, status: response.status, errors: errorSummary(parsed) }, 'Printify refused');
    }
    throw new PrintifyRejected(response.status, parsed);
  }
}

/** Printify's timestamps ("2019-07-25 13:52:17+00:00"); one it does not give counts as long ago. */
function printifyDate(value: string | undefined): Date {
  const parsed = value ? Date.parse(value.replace(' ', 'T')) : Number.NaN;
  return new Date(Number.isNaN(parsed) ? 0 : parsed);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Printify's error's field names and reasons, never the body's data. */
function errorSummary(body: unknown): unknown {
  if (!body || typeof body !== 'object') return undefined;
  const { code, message, errors } = body as { code?: unknown; message?: unknown; errors?: unknown };
  return { code, message: typeof message === 'string' ? message.slice(0, 200) : undefined, errors };
}
