import { countryName, type CartItem } from '@medical-qr/contracts';

type PricedLine = Pick<
  CartItem,
  'unitPrice' | 'discount' | 'quantity' | 'shippingFirst' | 'shippingAdditional' | 'itemTotal'
>;

export interface LineTotals {
  /** Per item, after the premium discount. */
  unitAfterDiscount: number;
  productTotal: number;
  shipping: number;
  itemTotal: number;
}

/**
 * One cart line's amounts in cents, from the prices the server stored (SPEC section 9): products (unit price less
 * discount, times quantity), shipping (first item, then each additional one) and the line's total, the server's own.
 */
export function lineTotals(line: PricedLine): LineTotals {
  const unitAfterDiscount = line.unitPrice - line.discount;
  return {
    unitAfterDiscount,
    productTotal: unitAfterDiscount * line.quantity,
    shipping: line.shippingFirst + Math.max(0, line.quantity - 1) * line.shippingAdditional,
    itemTotal: line.itemTotal,
  };
}

/** The cart's grand total in cents: the sum of its lines' totals. */
export function cartTotal(lines: readonly Pick<CartItem, 'itemTotal'>[]): number {
  return lines.reduce((sum, line) => sum + line.itemTotal, 0);
}

/** How many items the cart holds (quantities added up). */
export function itemCount(lines: readonly Pick<CartItem, 'quantity'>[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The address lines as an envelope shows them; the country by name. */
export function addressLines(
  line: Pick<
    CartItem,
    | 'shippingAddressLine1'
    | 'shippingAddressLine2'
    | 'shippingCity'
    | 'shippingState'
    | 'shippingPostalCode'
    | 'countryCode'
  >,
): string[] {
  return [
    line.shippingAddressLine1,
    line.shippingAddressLine2,
    [line.shippingCity, [line.shippingState, line.shippingPostalCode].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
    countryName(line.countryCode) ?? line.countryCode,
  ].filter((part) => part.trim() !== '');
}

/**
 * Where the cart's lines ship, said in one sentence: the address when they share one, else how many addresses (each
 * line shows its own).
 */
export function shippingSummary(items: Array<Parameters<typeof addressLines>[0] & { quantity: number }>): string {
  const addresses = new Set(items.map((item) => addressLines(item).join(', ')));
  if (addresses.size === 1) return `${itemCount(items) === 1 ? 'It ships' : 'All ship'} to ${[...addresses][0]}.`;
  return `They ship to ${addresses.size} addresses: each line shows its own.`;
}
