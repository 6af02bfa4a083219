/** Where a cart line is shipped (SPEC section 3, "Cart item"). Line 2 is optional. */
export interface ShippingAddress {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
}

export const EMPTY_ADDRESS: ShippingAddress = { line1: '', line2: '', city: '', state: '', postalCode: '' };

/** Line 1, city, state and postal code filled in (spaces alone do not count). */
export function isAddressComplete(address: ShippingAddress): boolean {
  return [address.line1, address.city, address.state, address.postalCode].every((part) => part.trim() !== '');
}
