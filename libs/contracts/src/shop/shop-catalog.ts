/**
 * Which Printify blueprints the shop offers and under which category (SPEC section 5, "Shop filters"): collars and
 * pet or dog tags are dropped except blueprint 566; vegan wallets, blueprint 1012 and lunch bags of canvas with
 * strap, polyester or paper are dropped; what is left must match a category.
 */

export const SHOP_CATEGORIES = [
  'all',
  'keychains',
  'magnets',
  'pets',
  'car-air-fresheners',
  'luggage-tags',
  'lunch-bags',
] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];

export const SHOP_CATEGORY_LABELS: Record<ShopCategory, string> = {
  all: 'All products',
  keychains: 'Keychains',
  magnets: 'Magnets',
  pets: 'Pet tags',
  'car-air-fresheners': 'Car air fresheners',
  'luggage-tags': 'Luggage tags',
  'lunch-bags': 'Lunch bags',
};

/** Blueprints the spec names by id. */
export const ShopBlueprints = {
  petTag: 566,
  excluded: 1012,
  carAirFreshener: 1482,
  luggageTag: 1308,
  lunchBag: 760,
} as const;

export interface CatalogBlueprint {
  id: number;
  title: string;
  description: string;
  brand: string;
  model: string;
}

const BY_ID: Partial<Record<number, ShopCategory>> = {
  [ShopBlueprints.petTag]: 'pets',
  [ShopBlueprints.carAirFreshener]: 'car-air-fresheners',
  [ShopBlueprints.luggageTag]: 'luggage-tags',
  [ShopBlueprints.lunchBag]: 'lunch-bags',
};

/** The shop category a blueprint belongs to, or null when it matches none. */
export function categoryOf(blueprint: Pick<CatalogBlueprint, 'id' | 'title'>): Exclude<ShopCategory, 'all'> | null {
  const byId = BY_ID[blueprint.id];
  if (byId && byId !== 'all') return byId;
  const title = blueprint.title.toLowerCase();
  if (/\bkey ?(chain|ring)s?\b/.test(title)) return 'keychains';
  if (/\bmagnets?\b/.test(title)) return 'magnets';
  if (/\b(pet|dog) tags?\b/.test(title)) return 'pets';
  return null;
}

/** Whether the spec's rules drop a blueprint, whatever its category. */
export function isExcludedBlueprint(blueprint: Pick<CatalogBlueprint, 'id' | 'title'>): boolean {
  if (blueprint.id === ShopBlueprints.excluded) return true;
  if (blueprint.id === ShopBlueprints.petTag) return false;
  const title = blueprint.title.toLowerCase();
  if (/\b(pet|dog) (collars?|tags?)\b/.test(title)) return true;
  if (/\bvegan\b/.test(title) && /\bwallets?\b/.test(title)) return true;
  return /\blunch bags?\b/.test(title) && /(canvas (lunch bag )?with strap|polyester|paper)/.test(title);
}

/** The blueprints the shop shows, in the provider's order. */
export function shopBlueprints<T extends CatalogBlueprint>(blueprints: T[]): T[] {
  return blueprints.filter((blueprint) => !isExcludedBlueprint(blueprint) && categoryOf(blueprint) !== null);
}

/** Case-insensitive search over title, description (markup stripped), brand and model; blank matches all. */
export function matchesShopSearch(blueprint: CatalogBlueprint, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [blueprint.title, stripMarkup(blueprint.description), blueprint.brand, blueprint.model].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/**
 * Product descriptions arrive as HTML: the shop shows them as text. Printify lists a product's features as lines
 * starting ".:" ("A keychain.<br/>.: Acrylic.: 2 in"); each becomes a sentence of its own, without the marker.
 */
export function stripMarkup(html: string): string {
  return (
    html
      .replace(/<[^>]*>/g, ' ')
      .replace(/(^|[\s>])\.:\s*/g, '$1. ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, ' ')
      // A marker after a sentence's own full stop, or at the very start, adds no second one.
      .replace(/([.!?:])\s*\.\s/g, '$1 ')
      .replace(/^\s*\.\s*/, '')
      .replace(/([^.!?\s])\s\.\s/g, '$1. ')
      .trim()
  );
}
