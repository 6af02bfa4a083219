/**
 * Printify REST API v1 shapes, as its docs and the `printify-sdk-js` examples show them (money in cents, times as
 * "2019-07-25 13:52:17+00:00"). Only what the stand-in serves.
 */

export interface Blueprint {
  id: number;
  title: string;
  /** HTML, as Printify writes it. */
  description: string;
  brand: string;
  model: string;
  images: string[];
}

export interface PrintProvider {
  id: number;
  title: string;
}

export interface Placeholder {
  position: string;
  height: number;
  width: number;
}

export interface CatalogVariant {
  id: number;
  title: string;
  options: Record<string, string>;
  placeholders: Placeholder[];
  is_available?: boolean;
}

export interface BlueprintVariants {
  id: number;
  title: string;
  variants: CatalogVariant[];
}

export interface Money {
  cost: number;
  currency: 'USD';
}

export interface ShippingProfile {
  variant_ids: number[];
  first_item: Money;
  additional_items: Money;
  countries: string[];
}

export interface ShippingInfo {
  handling_time: { value: number; unit: 'day' };
  profiles: ShippingProfile[];
}

export interface UploadedImage {
  id: string;
  file_name: string;
  height: number;
  width: number;
  size: number;
  mime_type: 'image/png' | 'image/jpeg';
  preview_url: string;
  upload_time: string;
}

export interface PlacedImage {
  id: string;
  name?: string;
  type?: string;
  height?: number;
  width?: number;
  x: number;
  y: number;
  scale: number;
  angle: number;
}

export interface PrintArea {
  variant_ids: number[];
  placeholders: Array<{ position: string; images: PlacedImage[] }>;
  background?: string;
}

export interface ProductOption {
  name: string;
  type: string;
  values: Array<{ id: number; title: string }>;
}

export interface ProductVariant {
  id: number;
  sku: string;
  cost: number;
  price: number;
  title: string;
  grams: number;
  is_enabled: boolean;
  is_default: boolean;
  is_available: boolean;
  /** Ids of the product's option values. */
  options: number[];
}

export interface MockupImage {
  src: string;
  variant_ids: number[];
  position: string;
  is_default: boolean;
}

export interface Product {
  id: string;
  title: string;
  description: string;
  tags: string[];
  options: ProductOption[];
  variants: ProductVariant[];
  images: MockupImage[];
  created_at: string;
  updated_at: string;
  visible: boolean;
  is_locked: boolean;
  blueprint_id: number;
  user_id: number;
  shop_id: number;
  print_provider_id: number;
  print_areas: PrintArea[];
  sales_channel_properties: unknown[];
}

export interface Address {
  first_name: string;
  last_name: string;
  email?: string;
  phone?: string;
  country: string;
  region?: string;
  address1: string;
  address2?: string;
  city: string;
  zip: string;
  company?: string;
}

export type OrderStatus =
  'on-hold' | 'sending-to-production' | 'in-production' | 'fulfilled' | 'partially-fulfilled' | 'canceled';

export interface LineItem {
  product_id: string;
  variant_id: number;
  quantity: number;
  print_provider_id: number;
  cost: number;
  shipping_cost: number;
  status: OrderStatus;
  metadata: { title: string; price: number; variant_label: string; sku: string; country: string };
  sent_to_production_at?: string;
  fulfilled_at?: string;
}

export interface Shipment {
  carrier: string;
  number: string;
  url: string;
  delivered_at: string | null;
}

export interface Order {
  id: string;
  address_to: Address;
  line_items: LineItem[];
  metadata: { order_type: 'api'; shop_order_id: string; shop_order_label: string; shop_fulfilled_at?: string };
  total_price: number;
  total_shipping: number;
  total_tax: number;
  status: OrderStatus;
  shipping_method: number;
  send_shipping_notification: boolean;
  is_printify_express: boolean;
  is_economy_shipping: boolean;
  shipments: Shipment[];
  created_at: string;
  sent_to_production_at?: string;
  fulfilled_at?: string;
}

export const WEBHOOK_TOPICS = [
  'order:created',
  'order:updated',
  'order:sent-to-production',
  'order:shipment:created',
  'order:shipment:delivered',
  'product:deleted',
] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

export interface Webhook {
  id: string;
  topic: WebhookTopic;
  url: string;
  shop_id: string;
}

/** What Printify POSTs to a webhook's URL. */
export interface WebhookEvent {
  id: string;
  type: WebhookTopic;
  created_at: string;
  resource: { id: string; type: 'order' | 'product'; data: Record<string, unknown> };
}
