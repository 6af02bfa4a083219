import { useGetCartCountQuery } from './cart-api';

/**
 * The header's cart count (GET /api/cart/count) for a signed-in user; undefined for a visitor, who has no cart. It
 * follows every cart change, and the `cart_cleared` push, through the `Cart` tag.
 */
export function useCartCount(signedIn: boolean): number | undefined {
  const { data } = useGetCartCountQuery(undefined, { skip: !signedIn });
  return signedIn ? (data?.count ?? 0) : undefined;
}
