import { z } from 'zod';

/**
 * The parts of Printify's REST API v1 replies the shop reads (money in cents), as schemas: every reply is checked
 * against its schema before the shop uses it, so a reply Printify changed fails at the call, with what was wrong,
 * rather than as a missing price three steps later. Fields the shop does not read pass through unchecked.
 */

export const printifyBlueprintSchema = z.looseObject({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  brand: z.string(),
  model: z.string(),
  images: z.array(z.string()),
});
export type PrintifyBlueprint = z.infer<typeof printifyBlueprintSchema>;

export const printifyPrintProviderSchema = z.looseObject({ id: z.number(), title: z.string() });
export type PrintifyPrintProvider = z.infer<typeof printifyPrintProviderSchema>;

const catalogVariantSchema = z.looseObject({
  id: z.number(),
  title: z.string(),
  options: z.record(z.string(), z.string()),
  placeholders: z.array(z.looseObject({ position: z.string(), height: z.number(), width: z.number() })),
  is_available: z.boolean().optional(),
});
export type PrintifyCatalogVariant = z.infer<typeof catalogVariantSchema>;

export const printifyVariantsSchema = z.looseObject({
  id: z.number(),
  title: z.string(),
  variants: z.array(catalogVariantSchema),
});
export type PrintifyVariants = z.infer<typeof printifyVariantsSchema>;

const moneySchema = z.looseObject({ cost: z.number(), currency: z.string() });

export const printifyShippingSchema = z.looseObject({
  handling_time: z.looseObject({ value: z.number(), unit: z.string() }).optional(),
  profiles: z.array(
    z.looseObject({
      variant_ids: z.array(z.number()),
      first_item: moneySchema,
      additional_items: moneySchema,
      countries: z.array(z.string()),
    }),
  ),
});
export type PrintifyShipping = z.infer<typeof printifyShippingSchema>;

export const printifyUploadSchema = z.looseObject({ id: z.string(), file_name: z.string(), preview_url: z.string() });
export type PrintifyUpload = z.infer<typeof printifyUploadSchema>;

export const printifyProductSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  created_at: z.string().optional(),
  variants: z.array(
    z.looseObject({ id: z.number(), cost: z.number(), price: z.number(), title: z.string(), is_enabled: z.boolean() }),
  ),
  images: z.array(
    z.looseObject({ src: z.string(), variant_ids: z.array(z.number()), position: z.string(), is_default: z.boolean() }),
  ),
});
export type PrintifyProduct = z.infer<typeof printifyProductSchema>;

const shipmentSchema = z.looseObject({
  carrier: z.string(),
  number: z.string(),
  url: z.string(),
  delivered_at: z.string().nullable(),
});
export type PrintifyShipment = z.infer<typeof shipmentSchema>;

export const printifyOrderSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  shipments: z.array(shipmentSchema).optional(),
  sent_to_production_at: z.string().optional(),
  fulfilled_at: z.string().optional(),
  created_at: z.string().optional(),
  /** `shop_order_id` is the external id the order was made with (ours: our order's id). */
  metadata: z.looseObject({ shop_order_id: z.string().optional() }).optional(),
});
export type PrintifyOrder = z.infer<typeof printifyOrderSchema>;

/** One of the shop's webhooks; Printify never shows a webhook's secret again. */
export const printifyWebhookSchema = z.looseObject({
  id: z.string(),
  topic: z.string(),
  url: z.string(),
  shop_id: z.union([z.string(), z.number()]).optional(),
});
export type PrintifyWebhook = z.infer<typeof printifyWebhookSchema>;

/** The reply to a new order: its id. */
export const printifyCreatedOrderSchema = z.looseObject({ id: z.string() });

/** One page of a list, as Printify pages them (Laravel's paginator). */
export function printifyPageSchema<Item extends z.ZodType>(item: Item) {
  return z.looseObject({ current_page: z.number(), last_page: z.number(), data: z.array(item) });
}
export type PrintifyPage<T> = { current_page: number; last_page: number; data: T[] };
