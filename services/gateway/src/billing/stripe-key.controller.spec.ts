import { BillingMessages, ErrorCodes } from '@medical-qr/contracts';
import type { GatewayConfig } from '../config.js';
import { StripeKeyController } from './stripe-key.controller.js';

const controllerWith = (payments: Partial<GatewayConfig>) => new StripeKeyController(payments as GatewayConfig);

describe('GET /api/config/stripe-key', () => {
  it('answers the publishable key alone when real Stripe.js takes the payments', () => {
    expect(controllerWith({ STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' }).key()).toEqual({ key: 'pk_live_abc' });
  });

  it("adds the stand-in's address, without a trailing slash, when a stand-in takes them", () => {
    expect(
      controllerWith({ STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_BROWSER_API_URL: 'http://localhost:4100/' }).key(),
    ).toEqual({ key: 'pk_test_x', apiUrl: 'http://localhost:4100' });
  });

  it('is a 503 with a plain message when payments are not configured', () => {
    expect(() => controllerWith({}).key()).toThrow(
      expect.objectContaining({ code: ErrorCodes.SERVICE_UNAVAILABLE, message: BillingMessages.paymentsNotConfigured }),
    );
  });
});
