import { addressLines, cartTotal, itemCount, lineTotals, shippingSummary } from './cart-totals';

describe('cart totals (SPEC section 9, integer cents)', () => {
  const line = { unitPrice: 1224, discount: 61, quantity: 3, shippingFirst: 450, shippingAdditional: 125 };

  it("splits a line into products (after the premium discount), shipping and the server's total", () => {
    expect(lineTotals({ ...line, itemTotal: 4189 })).toEqual({
      unitAfterDiscount: 1163,
      productTotal: 3489,
      shipping: 700,
      itemTotal: 4189,
    });
    expect(lineTotals({ ...line, discount: 0, quantity: 1, itemTotal: 1674 }).shipping).toBe(450);
  });

  it('adds the lines up for the grand total and the number of items', () => {
    const lines = [
      { itemTotal: 4189, quantity: 3 },
      { itemTotal: 1674, quantity: 1 },
    ];
    expect(cartTotal(lines)).toBe(5863);
    expect(itemCount(lines)).toBe(4);
    expect(cartTotal([])).toBe(0);
  });

  it('writes the address as an envelope does, the country by name, without empty lines', () => {
    expect(
      addressLines({
        shippingAddressLine1: '1 Main St',
        shippingAddressLine2: '',
        shippingCity: 'Springfield',
        shippingState: 'IL',
        shippingPostalCode: '62701',
        countryCode: 'US',
      }),
    ).toEqual(['1 Main St', 'Springfield, IL 62701', 'United States']);
  });

  it('says where the cart ships: the one address its lines share, or how many there are', () => {
    const home = {
      shippingAddressLine1: '1 Main St',
      shippingAddressLine2: '',
      shippingCity: 'Springfield',
      shippingState: 'IL',
      shippingPostalCode: '62701',
      countryCode: 'US',
      quantity: 1,
    };
    expect(shippingSummary([home])).toBe('It ships to 1 Main St, Springfield, IL 62701, United States.');
    expect(shippingSummary([home, { ...home, quantity: 2 }])).toBe(
      'All ship to 1 Main St, Springfield, IL 62701, United States.',
    );
    expect(shippingSummary([home, { ...home, shippingCity: 'Shelbyville' }])).toBe(
      'They ship to 2 addresses: each line shows its own.',
    );
  });
});
