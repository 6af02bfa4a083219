import { matchesShopSearch, SHOP_CATEGORIES, type Blueprint, type ShopCategory } from '@medical-qr/contracts';

/** The address's `category`, or all products when it names none the shop has. */
export function categoryFrom(value: string | null): ShopCategory {
  return (SHOP_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as ShopCategory) : 'all';
}

/** The products of a category whose title, description, brand or model contains the search (any case). */
export function filterProducts(
  products: readonly Blueprint[],
  { category, search }: { category: ShopCategory; search: string },
): Blueprint[] {
  return products.filter(
    (product) => (category === 'all' || product.category === category) && matchesShopSearch(product, search),
  );
}

export function productCount(count: number): string {
  return `${count} ${count === 1 ? 'product' : 'products'}`;
}
