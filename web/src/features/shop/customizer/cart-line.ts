import type { TaggedMockupResponse } from '@medical-qr/contracts';
import type { CartLineRequest } from '../cart-api';
import type { ShippingAddress } from './shipping-address';

export interface LineChoices {
  blueprintId: number;
  productTitle: string;
  printProviderId: number;
  variantId: number;
  variantLabel: string;
  quantity: number;
  scale: number;
  countryCode: string;
  address: ShippingAddress;
}

/** "0.5": the scale as the cart stores it, never a float's long tail ("0.57", not "0.5700000000000001"). */
export function qrScaleText(scale: number): string {
  return String(Math.round(scale * 100) / 100);
}

/**
 * The line to add to the cart (or to pay at once) from the customizer's choices and the product made for it: the
 * tagged mockup's product is what gets printed, its first picture is the line's.
 */
export function cartLineFrom(
  choices: LineChoices,
  tagged: Pick<TaggedMockupResponse, 'productId' | 'mockupUrls'>,
): CartLineRequest {
  const { address } = choices;
  return {
    blueprintId: choices.blueprintId,
    printProviderId: choices.printProviderId,
    variantId: choices.variantId,
    quantity: choices.quantity,
    countryCode: choices.countryCode,
    shippingAddressLine1: address.line1.trim(),
    shippingAddressLine2: address.line2.trim(),
    shippingCity: address.city.trim(),
    shippingState: address.state.trim(),
    shippingPostalCode: address.postalCode.trim(),
    qrScale: qrScaleText(choices.scale),
    printifyProductId: tagged.productId,
    productTitle: choices.productTitle,
    variantLabel: choices.variantLabel,
    mockupUrl: tagged.mockupUrls[0] ?? '',
  };
}
