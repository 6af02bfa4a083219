import { formatCents, merchPrice, shippingProfileFor, type ShippingProfile } from './merch-pricing.js';

const profile = (variantIds: number[], countries: string[], first: number, additional: number): ShippingProfile => ({
  variant_ids: variantIds,
  first_item: { cost: first, currency: 'USD' },
  additional_items: { cost: additional, currency: 'USD' },
  countries,
});

describe('merch pricing (integer cents)', () => {
  const us = profile([1, 2], ['US'], 450, 125);

  it('doubles the provider cost, adds shipping for the first item and each additional one', () => {
    expect(merchPrice({ providerCost: 612, quantity: 3, profile: us, isPremium: false })).toEqual({
      unitPrice: 1224,
      discount: 0,
      quantity: 3,
      shippingFirst: 450,
      shippingAdditional: 125,
      shipping: 700,
      itemTotal: 1224 * 3 + 700,
    });
    expect(merchPrice({ providerCost: 612, quantity: 1, profile: us, isPremium: false }).shipping).toBe(450);
  });

  it('takes 5% off the unit price for premium, never off shipping, rounded to the cent', () => {
    const price = merchPrice({ providerCost: 612, quantity: 2, profile: us, isPremium: true });
    expect(price.discount).toBe(61); // 5% of 1224 = 61.2
    expect(price.itemTotal).toBe((1224 - 61) * 2 + 575);
    expect(merchPrice({ providerCost: 1000, quantity: 1, profile: us, isPremium: true }).discount).toBe(100);
  });

  it('refuses a quantity outside 1-10 and costs that are not whole cents', () => {
    for (const quantity of [0, 11, 1.5, Number.NaN]) {
      expect(() => merchPrice({ providerCost: 100, quantity, profile: us, isPremium: false })).toThrow(RangeError);
    }
    expect(() => merchPrice({ providerCost: 1.5, quantity: 1, profile: us, isPremium: false })).toThrow(RangeError);
    expect(() => merchPrice({ providerCost: -1, quantity: 1, profile: us, isPremium: false })).toThrow(RangeError);
  });

  it("finds the variant's profile for the country, else the rest of the world's, else none", () => {
    const profiles = [us, profile([1], ['CA', 'GB'], 900, 300), profile([1], ['REST_OF_THE_WORLD'], 1200, 600)];
    expect(shippingProfileFor(profiles, 1, 'US')).toBe(us);
    expect(shippingProfileFor(profiles, 1, 'GB')).toBe(profiles[1]);
    expect(shippingProfileFor(profiles, 1, 'IN')).toBe(profiles[2]);
    // Variant 2 ships only to the US.
    expect(shippingProfileFor(profiles, 2, 'IN')).toBeUndefined();
    expect(shippingProfileFor(profiles, 3, 'US')).toBeUndefined();
  });

  it('shows cents as US dollars with two decimals', () => {
    expect(formatCents(1224)).toBe('$12.24');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123456)).toBe('$1,234.56');
  });
});
