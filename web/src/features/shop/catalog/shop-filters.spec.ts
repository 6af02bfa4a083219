import type { Blueprint } from '@medical-qr/contracts';
import { categoryFrom, filterProducts, productCount } from './shop-filters';

const product = (id: number, title: string, category: string, extra: Partial<Blueprint> = {}): Blueprint => ({
  id,
  title,
  category,
  description: '',
  brand: 'Generic',
  model: '',
  images: [],
  ...extra,
});

const products = [
  product(1, 'Acrylic Keychain', 'keychains', { description: 'Durable acrylic with a metal ring' }),
  product(3, 'Kiss-Cut Magnets', 'magnets', { brand: 'Printify Choice' }),
  product(566, 'Pet Tag', 'pets', { model: 'PT-1' }),
];

describe('the shop filters', () => {
  it('keep a category and what the search finds in title, description, brand or model', () => {
    const ids = (category: Parameters<typeof filterProducts>[1]['category'], search: string) =>
      filterProducts(products, { category, search }).map((shown) => shown.id);
    expect(ids('all', '')).toEqual([1, 3, 566]);
    expect(ids('magnets', '')).toEqual([3]);
    expect(ids('all', 'METAL')).toEqual([1]);
    expect(ids('all', 'printify')).toEqual([3]);
    expect(ids('all', 'pt-1')).toEqual([566]);
    expect(ids('keychains', 'magnet')).toEqual([]);
  });

  it('read the category from the address, all products for anything unknown', () => {
    expect(categoryFrom('luggage-tags')).toBe('luggage-tags');
    expect(categoryFrom('hats')).toBe('all');
    expect(categoryFrom(null)).toBe('all');
  });

  it('count the products shown', () => {
    expect(productCount(0)).toBe('0 products');
    expect(productCount(1)).toBe('1 product');
    expect(productCount(8)).toBe('8 products');
  });
});
