import { z } from 'zod';
import { findBlueprint, findOffer, type BlueprintData, type Offer } from './catalog-data.js';
import { validationFailed } from './errors.js';
import { printifyTime } from './http.js';
import { newId } from './ids.js';
import { renderMockup } from './mockups.js';
import type { MockupImage, PlacedImage, PrintArea, Product, ProductOption, ProductVariant } from './types.js';
import type { UploadStore } from './uploads.js';

const placedImage = z.object({
  id: z.string().min(1),
  x: z.number().min(-1).max(2),
  y: z.number().min(-1).max(2),
  scale: z.number().gt(0).max(5),
  angle: z.number().min(-360).max(360).default(0),
});

export const productBody = z.object({
  title: z.string().trim().min(1, 'The title field is required.').max(255),
  description: z.string().max(50_000).default(''),
  tags: z.array(z.string().max(100)).max(50).default([]),
  blueprint_id: z.number().int().positive(),
  print_provider_id: z.number().int().positive(),
  variants: z
    .array(z.object({ id: z.number().int(), price: z.number().int().min(0), is_enabled: z.boolean().default(true) }))
    .min(1),
  print_areas: z
    .array(
      z.object({
        variant_ids: z.array(z.number().int()).min(1),
        placeholders: z.array(z.object({ position: z.string().min(1), images: z.array(placedImage) })).min(1),
      }),
    )
    .min(1),
});
export type ProductBody = z.infer<typeof productBody>;

/** A product as kept: Printify's fields but its mockups, whose URLs depend on who asks, and the mockups drawn so far. */
export interface StoredProduct {
  product: Omit<Product, 'images'>;
  blueprint: BlueprintData;
  rendered: Map<string, Buffer>;
}

/** What Printify checks beyond the body's shape: the blueprint, its provider, the variants, positions and uploads. */
function checkAgainstCatalog(body: ProductBody, uploads: UploadStore): { blueprint: BlueprintData; offer: Offer } {
  const blueprint = findBlueprint(body.blueprint_id);
  if (!blueprint) throw validationFailed('blueprint_id', `blueprint ${body.blueprint_id} does not exist`);
  const offer = findOffer(blueprint, body.print_provider_id);
  if (!offer)
    throw validationFailed(
      'print_provider_id',
      `print provider ${body.print_provider_id} does not print this blueprint`,
    );
  const known = new Map(offer.variants.map((variant) => [variant.id, variant]));
  body.variants.forEach(({ id }, index) => {
    if (!known.has(id))
      throw validationFailed(`variants.${index}.id`, `variant ${id} is not offered by this print provider`);
  });
  body.print_areas.forEach((area, i) => {
    area.variant_ids.forEach((id, j) => {
      if (!known.has(id)) throw validationFailed(`print_areas.${i}.variant_ids.${j}`, `variant ${id} is not offered`);
    });
    const positions = new Set(known.get(area.variant_ids[0]!)!.placeholders.map((placeholder) => placeholder.position));
    area.placeholders.forEach((placeholder, k) => {
      const field = `print_areas.${i}.placeholders.${k}`;
      if (!positions.has(placeholder.position))
        throw validationFailed(`${field}.position`, `this blueprint has no "${placeholder.position}" print area`);
      placeholder.images.forEach((image, m) => {
        if (!uploads.get(image.id))
          throw validationFailed(`${field}.images.${m}.id`, `image ${image.id} was not uploaded`);
      });
    });
  });
  return { blueprint, offer };
}

/** The product's options (size, colour...) with ids, and each variant's option ids. */
function optionsOf(offer: Offer): { options: ProductOption[]; idsOf: (options: Record<string, string>) => number[] } {
  const options: ProductOption[] = [];
  let next = offer.variants[0]!.id * 10;
  for (const variant of offer.variants) {
    for (const [name, title] of Object.entries(variant.options)) {
      let option = options.find((candidate) => candidate.type === name);
      if (!option) options.push((option = { name: name[0]!.toUpperCase() + name.slice(1), type: name, values: [] }));
      if (!option.values.some((value) => value.title === title)) option.values.push({ id: next++, title });
    }
  }
  const idsOf = (chosen: Record<string, string>) =>
    Object.entries(chosen).map(
      ([name, title]) => options.find((o) => o.type === name)!.values.find((v) => v.title === title)!.id,
    );
  return { options, idsOf };
}

/** Every variant of the provider, as Printify lists them: those not asked for are there, disabled. */
function variantsOf(
  body: ProductBody,
  offer: Offer,
  idsOf: (options: Record<string, string>) => number[],
): ProductVariant[] {
  const asked = new Map(body.variants.map((variant) => [variant.id, variant]));
  const firstEnabled = body.variants.find((variant) => variant.is_enabled)?.id;
  return offer.variants.map((variant) => ({
    id: variant.id,
    sku: String(880_000_000 + variant.id),
    cost: variant.cost,
    price: asked.get(variant.id)?.price ?? Math.round(variant.cost * 1.6),
    title: variant.title,
    grams: variant.grams,
    is_enabled: asked.get(variant.id)?.is_enabled ?? false,
    is_default: variant.id === firstEnabled,
    is_available: variant.is_available !== false,
    options: idsOf(variant.options),
  }));
}

/** Printify answers each placed image with the upload's name, type and size. */
function printAreasOf(body: ProductBody, uploads: UploadStore): PrintArea[] {
  return body.print_areas.map((area) => ({
    variant_ids: area.variant_ids,
    placeholders: area.placeholders.map(({ position, images }) => ({
      position,
      images: images.map((image): PlacedImage => {
        const upload = uploads.get(image.id)!.image;
        return { ...image, name: upload.file_name, type: upload.mime_type, height: upload.height, width: upload.width };
      }),
    })),
    background: '#ffffff',
  }));
}

/** The shop's products, and the mockups the stand-in draws for them. */
export class ProductStore {
  private readonly products = new Map<string, StoredProduct>();

  constructor(private readonly uploads: UploadStore) {}

  create(shopId: number, body: ProductBody): StoredProduct {
    const { blueprint, offer } = checkAgainstCatalog(body, this.uploads);
    const { options, idsOf } = optionsOf(offer);
    const now = printifyTime();
    const product = {
      id: newId(),
      title: body.title,
      description: body.description,
      tags: body.tags,
      options,
      variants: variantsOf(body, offer, idsOf),
      created_at: now,
      updated_at: now,
      visible: true,
      is_locked: false,
      blueprint_id: blueprint.id,
      user_id: shopId,
      shop_id: shopId,
      print_provider_id: offer.provider.id,
      print_areas: printAreasOf(body, this.uploads),
      sales_channel_properties: [],
    };
    const stored = { product, blueprint, rendered: new Map<string, Buffer>() };
    this.products.set(product.id, stored);
    return stored;
  }

  /** Newest first. */
  list(): StoredProduct[] {
    return [...this.products.values()].reverse();
  }

  get(id: string): StoredProduct | undefined {
    return this.products.get(id);
  }

  delete(id: string): boolean {
    return this.products.delete(id);
  }

  /** Printify's mockups: one per enabled variant and printed position, the first the default. */
  images(stored: StoredProduct, base: string): MockupImage[] {
    const enabled = new Set(stored.product.variants.filter((v) => v.is_enabled).map((v) => v.id));
    const images: MockupImage[] = [];
    for (const area of stored.product.print_areas) {
      for (const variantId of area.variant_ids.filter((id) => enabled.has(id))) {
        for (const { position } of area.placeholders) {
          const src = `${base}/printify-images/mockup/${stored.product.id}/${variantId}/${position}.png`;
          images.push({ src, variant_ids: [variantId], position, is_default: images.length === 0 });
        }
      }
    }
    return images;
  }

  /** A mockup PNG, drawn the first time it is asked for. */
  mockup(productId: string, variantId: number, position: string): Buffer | undefined {
    const stored = this.products.get(productId);
    const area = stored?.product.print_areas.find((candidate) => candidate.variant_ids.includes(variantId));
    const placeholder = area?.placeholders.find((candidate) => candidate.position === position);
    if (!stored || !placeholder) return undefined;
    const key = `${variantId}/${position}`;
    let png = stored.rendered.get(key);
    if (!png) {
      const layers = placeholder.images.map((placed) => ({ placed, upload: this.uploads.get(placed.id)! }));
      png = renderMockup(stored.blueprint.picture, layers);
      stored.rendered.set(key, png);
    }
    return png;
  }
}
