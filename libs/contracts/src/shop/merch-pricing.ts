/**
 * Merch pricing (SPEC section 9), in integer cents, computed by the server from the provider's cost and never taken
 * from the client: unit price = 2 x cost; premium discount = 5% of the unit price (not of shipping); shipping = first
 * item + (quantity - 1) x each additional item, for the country's shipping profile; item total =
 * (unit price - discount) x quantity + shipping.
 */

export const MERCH_QUANTITY_MIN = 1;
export const MERCH_QUANTITY_MAX = 10;
export const PREMIUM_MERCH_DISCOUNT_PERCENT = 5;
/** Printify names every country a profile does not list this way. */
export const REST_OF_THE_WORLD = 'REST_OF_THE_WORLD';
export const SHIPPING_NOT_AVAILABLE = 'Shipping not available for this country';

/** A shipping profile as Printify's `shipping.json` gives it (costs in cents). */
export interface ShippingProfile {
  variant_ids: number[];
  first_item: { cost: number; currency: string };
  additional_items: { cost: number; currency: string };
  countries: string[];
}

export interface MerchPrice {
  /** Per item, before any discount. */
  unitPrice: number;
  /** Per item, off the unit price (premium only). */
  discount: number;
  quantity: number;
  shippingFirst: number;
  shippingAdditional: number;
  shipping: number;
  itemTotal: number;
}

/** The profile that ships this variant to this country: one naming the country, else the rest of the world. */
export function shippingProfileFor(
  profiles: ShippingProfile[],
  variantId: number,
  countryCode: string,
): ShippingProfile | undefined {
  const forVariant = profiles.filter((profile) => profile.variant_ids.includes(variantId));
  return (
    forVariant.find((profile) => profile.countries.includes(countryCode)) ??
    forVariant.find((profile) => profile.countries.includes(REST_OF_THE_WORLD))
  );
}

/** The price of one cart line. Throws on a quantity outside 1-10 or a cost that is not whole cents. */
export function merchPrice({
  providerCost,
  quantity,
  profile,
  isPremium,
}: {
  providerCost: number;
  quantity: number;
  profile: Pick<ShippingProfile, 'first_item' | 'additional_items'>;
  isPremium: boolean;
}): MerchPrice {
  if (!Number.isInteger(quantity) || quantity < MERCH_QUANTITY_MIN || quantity > MERCH_QUANTITY_MAX) {
    throw new RangeError(`quantity must be a whole number from ${MERCH_QUANTITY_MIN} to ${MERCH_QUANTITY_MAX}`);
  }
  for (const cents of [providerCost, profile.first_item.cost, profile.additional_items.cost]) {
    if (!Number.isInteger(cents) || cents < 0) throw new RangeError('costs must be whole, non-negative cents');
  }
  const unitPrice = 2 * providerCost;
  const discount = isPremium ? Math.round((unitPrice * PREMIUM_MERCH_DISCOUNT_PERCENT) / 100) : 0;
  const shippingFirst = profile.first_item.cost;
  const shippingAdditional = profile.additional_items.cost;
  const shipping = shippingFirst + (quantity - 1) * shippingAdditional;
  return {
    unitPrice,
    discount,
    quantity,
    shippingFirst,
    shippingAdditional,
    shipping,
    itemTotal: (unitPrice - discount) * quantity + shipping,
  };
}

/** Cents as the screens show them: "$12.34" (USD). */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}
