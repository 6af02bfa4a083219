import { cartLineFrom, qrScaleText } from './cart-line';

describe('the cart line sent from the customizer', () => {
  it('carries the choices, the trimmed address, the scale as text and the tagged product with its first picture', () => {
    expect(
      cartLineFrom(
        {
          blueprintId: 1308,
          productTitle: 'Luggage Tag',
          printProviderId: 7,
          variantId: 42,
          variantLabel: 'White / 2" x 3"',
          quantity: 2,
          scale: 0.57,
          countryCode: 'CA',
          address: { line1: ' 1 Rue Main ', line2: '', city: 'Montréal ', state: 'QC', postalCode: 'H2X 1Y4' },
        },
        {
          productId: 'prod_tagged',
          mockupUrls: ['https://images.printify.com/a.png', 'https://images.printify.com/b.png'],
        },
      ),
    ).toEqual({
      blueprintId: 1308,
      printProviderId: 7,
      variantId: 42,
      quantity: 2,
      countryCode: 'CA',
      shippingAddressLine1: '1 Rue Main',
      shippingAddressLine2: '',
      shippingCity: 'Montréal',
      shippingState: 'QC',
      shippingPostalCode: 'H2X 1Y4',
      qrScale: '0.57',
      printifyProductId: 'prod_tagged',
      productTitle: 'Luggage Tag',
      variantLabel: 'White / 2" x 3"',
      mockupUrl: 'https://images.printify.com/a.png',
    });
  });

  it('writes the scale without a float tail', () => {
    expect(qrScaleText(0.5)).toBe('0.5');
    expect(qrScaleText(0.1 + 0.2)).toBe('0.3');
    expect(qrScaleText(0.5700000000000001)).toBe('0.57');
    expect(qrScaleText(1)).toBe('1');
    expect(qrScaleText(0)).toBe('0');
  });
});
