import { isAddressComplete, type ShippingAddress } from './shipping-address';

export interface OrderReadinessInput {
  variantId: number | undefined;
  countryCode: string;
  /** The provider's cost of one item, in cents: from the mockup, or half an edited line's unit price. */
  baseCost: number | null;
  address: ShippingAddress;
  hasMockup: boolean;
  /** A mockup is being made, or will be once the slider rests. */
  generating: boolean;
  /** Add to Cart or Quick Checkout is under way. */
  pending: boolean;
  /** Whether a shipping profile covers this variant and country; `unknown` while shipping loads. */
  shipping: 'available' | 'unavailable' | 'unknown';
}

export interface OrderReadiness {
  ready: boolean;
  /** What is still missing, said under the buttons; null when ready, or when the buttons or the price box say it. */
  reason: string | null;
}

const waitFor = (reason: string | null): OrderReadiness => ({ ready: false, reason });

/**
 * Whether Add to Cart and Quick Checkout may be pressed (SPEC section 5): a variant, a country shipped to, the base
 * cost, address line 1, city, state and postal code, a mockup, and nothing being made or sent. The first thing
 * missing is named, in the order the page asks for it.
 */
export function orderReadiness(input: OrderReadinessInput): OrderReadiness {
  if (input.pending) return waitFor(null);
  if (input.variantId === undefined) return waitFor('Choose a variant.');
  if (!input.countryCode) return waitFor('Choose the country to ship to.');
  // The price box says "Shipping not available for this country".
  if (input.shipping === 'unavailable') return waitFor(null);
  if (!isAddressComplete(input.address))
    return waitFor('Enter the shipping address: line 1, city, state and postal code.');
  if (input.generating) return waitFor('Wait a moment for your preview to update.');
  if (!input.hasMockup || input.baseCost === null) return waitFor('Your preview is needed before ordering.');
  if (input.shipping === 'unknown') return waitFor('Wait a moment for the shipping rates.');
  return { ready: true, reason: null };
}
