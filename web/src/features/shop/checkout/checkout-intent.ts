import type { CartLineRequest } from '../cart-api';

/**
 * What /checkout is to pay for (SPEC sections 3 and 4), kept in session storage: a quick checkout's one item
 * (`quickCheckoutData`), or the whole cart (`checkoutMode` = `cart`). Quick data wins; with neither, /checkout sends
 * the person to the cart.
 */
export const CHECKOUT_KEYS = {
  quickCheckoutData: 'quickCheckoutData',
  checkoutMode: 'checkoutMode',
} as const;

export type CheckoutIntent = { kind: 'quick'; item: CartLineRequest } | { kind: 'cart' } | { kind: 'none' };

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) session()?.removeItem(key);
    else session()?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not keep "${key}" in session storage`, error);
  }
}

function read(key: string): string | null {
  try {
    return session()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

const isCartLine = (value: unknown): value is CartLineRequest =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CartLineRequest).blueprintId === 'number' &&
  typeof (value as CartLineRequest).variantId === 'number' &&
  typeof (value as CartLineRequest).printifyProductId === 'string';

/** Quick Checkout: this one item, not the cart. */
export function startQuickCheckout(item: CartLineRequest): void {
  write(CHECKOUT_KEYS.quickCheckoutData, JSON.stringify(item));
  write(CHECKOUT_KEYS.checkoutMode, null);
}

/** Proceed to Checkout: the cart, even if a quick checkout was left unpaid earlier. */
export function startCartCheckout(): void {
  write(CHECKOUT_KEYS.quickCheckoutData, null);
  write(CHECKOUT_KEYS.checkoutMode, 'cart');
}

/** Paid (or given up): the next visit to /checkout starts over. */
export function clearCheckoutIntent(): void {
  write(CHECKOUT_KEYS.quickCheckoutData, null);
  write(CHECKOUT_KEYS.checkoutMode, null);
}

/** Quick data present → quick checkout; mode cart → the cart; otherwise nothing to pay for. Bad data is dropped. */
export function readCheckoutIntent(): CheckoutIntent {
  const quick = read(CHECKOUT_KEYS.quickCheckoutData);
  if (quick !== null) {
    try {
      const item: unknown = JSON.parse(quick);
      if (isCartLine(item)) return { kind: 'quick', item };
    } catch {
      // Falls through: corrupted data is removed below.
    }
    console.warn('Removed unreadable quick checkout data from session storage.');
    write(CHECKOUT_KEYS.quickCheckoutData, null);
  }
  return read(CHECKOUT_KEYS.checkoutMode) === 'cart' ? { kind: 'cart' } : { kind: 'none' };
}
