import type { OrderRow } from '../database/schema.js';

/** An order's ship-to as Printify takes it (`address_to`): the buyer's name split in two, the address as typed. */
export function printifyAddressOf(order: OrderRow) {
  const [first, ...rest] = order.buyerName.trim().split(/\s+/);
  return {
    first_name: first || 'Medical QR',
    last_name: rest.join(' ') || first || 'customer',
    email: order.buyerEmail,
    country: order.countryCode,
    region: order.state,
    address1: order.addressLine1,
    address2: order.addressLine2 || undefined,
    city: order.city,
    zip: order.postalCode,
  };
}

export type PrintifyAddress = ReturnType<typeof printifyAddressOf>;
