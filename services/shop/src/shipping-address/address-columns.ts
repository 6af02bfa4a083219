import type { CartItemInput } from '@medical-qr/contracts';
import type { CartItemRow } from '../database/schema.js';

/** A ship-to as the API names it (`shippingCity`, …). */
export type ShipTo = Pick<
  CartItemInput,
  | 'countryCode'
  | 'shippingAddressLine1'
  | 'shippingAddressLine2'
  | 'shippingCity'
  | 'shippingState'
  | 'shippingPostalCode'
>;

/** A ship-to as the shop's tables name it (cart lines, checkout lines and the saved address share the names). */
export type AddressColumns = Pick<
  CartItemRow,
  'countryCode' | 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'postalCode'
>;

export function addressColumnsOf(shipTo: ShipTo): AddressColumns {
  return {
    countryCode: shipTo.countryCode,
    addressLine1: shipTo.shippingAddressLine1,
    addressLine2: shipTo.shippingAddressLine2,
    city: shipTo.shippingCity,
    state: shipTo.shippingState,
    postalCode: shipTo.shippingPostalCode,
  };
}

export function shipToOf(columns: AddressColumns): ShipTo {
  return {
    countryCode: columns.countryCode,
    shippingAddressLine1: columns.addressLine1,
    shippingAddressLine2: columns.addressLine2,
    shippingCity: columns.city,
    shippingState: columns.state,
    shippingPostalCode: columns.postalCode,
  };
}
