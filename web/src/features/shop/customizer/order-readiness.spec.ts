import { orderReadiness, type OrderReadinessInput } from './order-readiness';

const ready: OrderReadinessInput = {
  variantId: 42,
  countryCode: 'US',
  baseCost: 612,
  address: { line1: '1 Main St', line2: '', city: 'Springfield', state: 'IL', postalCode: '62701' },
  hasMockup: true,
  generating: false,
  pending: false,
  shipping: 'available',
};

describe('Add to Cart and Quick Checkout (SPEC section 5)', () => {
  it('may be pressed with a variant, a country shipped to, the cost, the address and a mockup, nothing under way', () => {
    expect(orderReadiness(ready)).toEqual({ ready: true, reason: null });
    // Address line 2 is optional.
    expect(orderReadiness({ ...ready, address: { ...ready.address, line2: '  ' } }).ready).toBe(true);
  });

  it.each<[string, Partial<OrderReadinessInput>]>([
    ['no variant', { variantId: undefined }],
    ['no country', { countryCode: '' }],
    ['no shipping to the country', { shipping: 'unavailable' }],
    ['shipping still loading', { shipping: 'unknown' }],
    ['no base cost', { baseCost: null }],
    ['no mockup', { hasMockup: false }],
    ['a mockup being made', { generating: true }],
    ['a request pending', { pending: true }],
    ['address line 1 blank', { address: { ...ready.address, line1: '   ' } }],
    ['city blank', { address: { ...ready.address, city: '' } }],
    ['state blank', { address: { ...ready.address, state: ' ' } }],
    ['postal code blank', { address: { ...ready.address, postalCode: '' } }],
  ])('stay disabled with %s', (_case, change) => {
    expect(orderReadiness({ ...ready, ...change }).ready).toBe(false);
  });

  it('name the first thing missing, in the order the page asks for it', () => {
    const empty: OrderReadinessInput = {
      ...ready,
      variantId: undefined,
      countryCode: '',
      address: { line1: '', line2: '', city: '', state: '', postalCode: '' },
      hasMockup: false,
      baseCost: null,
    };
    expect(orderReadiness(empty).reason).toBe('Choose a variant.');
    expect(orderReadiness({ ...empty, variantId: 42 }).reason).toBe('Choose the country to ship to.');
    expect(orderReadiness({ ...empty, variantId: 42, countryCode: 'US' }).reason).toBe(
      'Enter the shipping address: line 1, city, state and postal code.',
    );
    expect(orderReadiness({ ...ready, generating: true }).reason).toBe('Wait a moment for your preview to update.');
    expect(orderReadiness({ ...ready, hasMockup: false }).reason).toBe('Your preview is needed before ordering.');
    // The price box and the busy buttons say these themselves.
    expect(orderReadiness({ ...ready, shipping: 'unavailable' }).reason).toBeNull();
    expect(orderReadiness({ ...ready, pending: true }).reason).toBeNull();
  });
});
