/**
 * The parts of Printify's REST API v1 replies the shop reads (money in cents). The local stand-in
 * (tools/sandboxes/src/printify) answers the same shapes.
 */

export interface PrintifyBlueprint {
  id: number;
  title: string;
  description: string;
  brand: string;
  model: string;
  images: string[];
}

export interface PrintifyPrintProvider {
  id: number;
  title: string;
}

export interface PrintifyCatalogVariant {
  id: number;
  title: string;
  options: Record<string, string>;
  placeholders: Array<{ position: string; height: number; width: number }>;
  is_available?: boolean;
}

export interface PrintifyVariants {
  id: number;
  title: string;
  variants: PrintifyCatalogVariant[];
}

export interface PrintifyShipping {
  handling_time?: { value: number; unit: string };
  profiles: Array<{
    variant_ids: number[];
    first_item: { cost: number; currency: string };
    additional_items: { cost: number; currency: string };
    countries: string[];
  }>;
}

export interface PrintifyUpload {
  id: string;
  file_name: string;
  preview_url: string;
}

export interface PrintifyProduct {
  id: string;
  title: string;
  created_at?: string;
  variants: Array<{ id: number; cost: number; price: number; title: string; is_enabled: boolean }>;
  images: Array<{ src: string; variant_ids: number[]; position: string; is_default: boolean }>;
}

export interface PrintifyShipment {
  carrier: string;
  number: string;
  url: string;
  delivered_at: string | null;
}

export interface PrintifyOrder {
  id: string;
  status: string;
  shipments?: PrintifyShipment[];
  sent_to_production_at?: string;
  fulfilled_at?: string;
  created_at?: string;
  /** `shop_order_id` is the external id the order was made with (ours: our order's id). */
  metadata?: { shop_order_id?: string };
}

export interface PrintifyAddress {
  first_name: string;
  last_name: string;
  email?: string;
  country: string;
  region?: string;
  address1: string;
  address2?: string;
  city: string;
  zip: string;
}

/** One of the shop's webhooks; Printify never shows a webhook's secret again. */
export interface PrintifyWebhook {
  id: string;
  topic: string;
  url: string;
  shop_id?: string | number;
}

/** One page of a list, as Printify pages them (Laravel's paginator). */
export interface PrintifyPage<T> {
  current_page: number;
  last_page: number;
  data: T[];
}
