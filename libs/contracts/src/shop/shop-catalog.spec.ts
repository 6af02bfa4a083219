import { categoryOf, isExcludedBlueprint, matchesShopSearch, shopBlueprints, stripMarkup } from './shop-catalog.js';

const blueprint = (
  id: number,
  title: string,
  extra: Partial<{ description: string; brand: string; model: string }> = {},
) => ({
  id,
  title,
  description: extra.description ?? '',
  brand: extra.brand ?? 'Generic',
  model: extra.model ?? '',
});

describe('the shop catalog filters (SPEC section 5)', () => {
  it('puts blueprints in categories: keychains and magnets by title, the named ids by id', () => {
    expect(categoryOf(blueprint(1, 'Acrylic Keychain'))).toBe('keychains');
    expect(categoryOf(blueprint(2, 'Metal Key Ring'))).toBe('keychains');
    expect(categoryOf(blueprint(3, 'Kiss-Cut Magnets'))).toBe('magnets');
    expect(categoryOf(blueprint(566, 'Pet Tag'))).toBe('pets');
    expect(categoryOf(blueprint(1482, 'Car Air Freshener'))).toBe('car-air-fresheners');
    expect(categoryOf(blueprint(1308, 'Luggage Tag'))).toBe('luggage-tags');
    expect(categoryOf(blueprint(760, 'Lunch Bag'))).toBe('lunch-bags');
    expect(categoryOf(blueprint(9, 'Unisex T-Shirt'))).toBeNull();
    // Other luggage tags and air fresheners are not the ones the shop prints on.
    expect(categoryOf(blueprint(10, 'Leather Luggage Tag'))).toBeNull();
  });

  it('drops collars and pet or dog tags except 566, vegan wallets, 1012, and canvas-with-strap, polyester and paper lunch bags', () => {
    for (const dropped of [
      blueprint(20, 'Pet Collar'),
      blueprint(21, 'Dog Collar'),
      blueprint(22, 'Pet Tag'),
      blueprint(23, 'Dog Tag Necklace'),
      blueprint(24, 'Vegan Leather Wallet'),
      blueprint(1012, 'Keychain Wallet'),
      blueprint(25, 'Canvas Lunch Bag With Strap'),
      blueprint(26, 'Polyester Lunch Bag'),
      blueprint(27, 'Paper Lunch Bag'),
    ]) {
      expect({ title: dropped.title, excluded: isExcludedBlueprint(dropped) }).toEqual({
        title: dropped.title,
        excluded: true,
      });
    }
    for (const kept of [blueprint(566, 'Pet Tag'), blueprint(760, 'Lunch Bag'), blueprint(1, 'Acrylic Keychain')]) {
      expect({ title: kept.title, excluded: isExcludedBlueprint(kept) }).toEqual({
        title: kept.title,
        excluded: false,
      });
    }
  });

  it('keeps what is in a category and not excluded, in order', () => {
    const all = [
      blueprint(1, 'Acrylic Keychain'),
      blueprint(9, 'Unisex T-Shirt'),
      blueprint(22, 'Pet Tag'),
      blueprint(566, 'Pet Tag'),
      blueprint(1012, 'Keychain Wallet'),
      blueprint(760, 'Lunch Bag'),
      blueprint(3, 'Kiss-Cut Magnets'),
    ];
    expect(shopBlueprints(all).map((kept) => kept.id)).toEqual([1, 566, 760, 3]);
  });

  it('searches title, description without markup, brand and model, ignoring case', () => {
    const keychain = blueprint(1, 'Acrylic Keychain', {
      description: '<p>Durable <b>acrylic</b> with a metal&nbsp;ring</p>',
      brand: 'Printify Choice',
      model: 'AK-01',
    });
    for (const query of ['ACRYLIC', 'metal ring', 'printify', 'ak-01', '  ']) {
      expect({ query, found: matchesShopSearch(keychain, query) }).toEqual({ query, found: true });
    }
    expect(matchesShopSearch(keychain, 'b>acrylic')).toBe(false);
    expect(matchesShopSearch(keychain, 'magnet')).toBe(false);
    expect(stripMarkup('<p>A &amp; B</p><ul><li>one</li></ul>')).toBe('A & B one');
    // Printify's feature lines: ".:" markers become sentences, never text of their own.
    expect(
      stripMarkup('<p>A sturdy keychain.</p><p>.: Material: acrylic<br/>.: Size: 2 in<br/>.: Metal ring</p>'),
    ).toBe('A sturdy keychain. Material: acrylic. Size: 2 in. Metal ring');
    expect(stripMarkup('.: One<br/>.:Two')).toBe('One. Two');
    expect(stripMarkup('Ratio 3.5: tall')).toBe('Ratio 3.5: tall');
  });
});
