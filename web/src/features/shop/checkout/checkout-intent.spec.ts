import { jest } from '@jest/globals';
import type { CartLineRequest } from '../cart-api';
import {
  CHECKOUT_KEYS,
  clearCheckoutIntent,
  readCheckoutIntent,
  startCartCheckout,
  startQuickCheckout,
} from './checkout-intent';

const item: CartLineRequest = {
  blueprintId: 1308,
  printProviderId: 7,
  variantId: 42,
  quantity: 1,
  countryCode: 'US',
  shippingAddressLine1: '1 Main St',
  shippingAddressLine2: '',
  shippingCity: 'Springfield',
  shippingState: 'IL',
  shippingPostalCode: '62701',
  qrScale: '0.5',
  printifyProductId: 'prod_1',
  productTitle: 'Luggage Tag',
  variantLabel: 'White',
  mockupUrl: 'https://images.printify.com/a.png',
};

describe('what /checkout pays for (SPEC section 4)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('is nothing without quick data or the cart mode: /checkout sends the person to the cart', () => {
    expect(readCheckoutIntent()).toEqual({ kind: 'none' });
  });

  it('is the quick checkout item when its data is there', () => {
    startQuickCheckout(item);
    expect(JSON.parse(sessionStorage.getItem('quickCheckoutData')!)).toEqual(item);
    expect(readCheckoutIntent()).toEqual({ kind: 'quick', item });
  });

  it('is the cart after Proceed to Checkout, which also drops an unpaid quick checkout', () => {
    startQuickCheckout(item);
    startCartCheckout();
    expect(sessionStorage.getItem('checkoutMode')).toBe('cart');
    expect(sessionStorage.getItem(CHECKOUT_KEYS.quickCheckoutData)).toBeNull();
    expect(readCheckoutIntent()).toEqual({ kind: 'cart' });
  });

  it('prefers quick data to the cart mode, as the spec orders them', () => {
    sessionStorage.setItem('checkoutMode', 'cart');
    sessionStorage.setItem('quickCheckoutData', JSON.stringify(item));
    expect(readCheckoutIntent().kind).toBe('quick');
  });

  it('drops quick data it cannot read, and falls back to the mode', () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    sessionStorage.setItem('quickCheckoutData', '{not json');
    sessionStorage.setItem('checkoutMode', 'cart');
    expect(readCheckoutIntent()).toEqual({ kind: 'cart' });
    expect(sessionStorage.getItem('quickCheckoutData')).toBeNull();

    sessionStorage.setItem('quickCheckoutData', JSON.stringify({ blueprintId: 'x' }));
    sessionStorage.setItem('checkoutMode', 'other');
    expect(readCheckoutIntent()).toEqual({ kind: 'none' });
  });

  it('is cleared once paid', () => {
    startQuickCheckout(item);
    sessionStorage.setItem('checkoutMode', 'cart');
    clearCheckoutIntent();
    expect(readCheckoutIntent()).toEqual({ kind: 'none' });
  });
});
