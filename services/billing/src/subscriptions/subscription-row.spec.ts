import type Stripe from 'stripe';
import { clientSecretOf, idOf, subscriptionRowFrom, userIdFromMetadata } from './subscription-row.js';

const USER = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';

/** A subscription as the provider sends it at this API version (only the fields we read are filled). */
function subscription(changes: Partial<Stripe.Subscription> = {}): Stripe.Subscription {
  return {
    id: 'sub_1Pgc6rB7WZ01zgkWNy0Cn5nw',
    object: 'subscription',
    customer: 'cus_QXg1o8vcGmoR32',
    status: 'active',
    cancel_at_period_end: false,
    created: 1_767_225_600,
    start_date: 1_767_225_600,
    ended_at: null,
    metadata: { userId: USER },
    latest_invoice: null,
    items: {
      object: 'list',
      has_more: false,
      url: '/v1/subscription_items',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          current_period_start: 1_769_904_000,
          current_period_end: 1_772_323_200,
          price: {
            id: 'price_1',
            object: 'price',
            unit_amount: 999,
            currency: 'usd',
            recurring: { interval: 'month', interval_count: 1 },
          },
        },
      ],
    },
    ...changes,
  } as unknown as Stripe.Subscription;
}

describe('a provider subscription as billing keeps it', () => {
  it('takes its period from its item (this API version) and its price, status and dates from the provider', () => {
    expect(subscriptionRowFrom(subscription(), USER)).toEqual({
      stripeSubscriptionId: 'sub_1Pgc6rB7WZ01zgkWNy0Cn5nw',
      userId: USER,
      stripeCustomerId: 'cus_QXg1o8vcGmoR32',
      status: 'active',
      currentPeriodStart: new Date('2026-02-01T00:00:00Z'),
      currentPeriodEnd: new Date('2026-03-01T00:00:00Z'),
      cancelAtPeriodEnd: false,
      startedAt: new Date('2026-01-01T00:00:00Z'),
      endedAt: null,
      priceId: 'price_1',
      priceCents: 999,
      currency: 'usd',
      interval: 'month',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
  });

  it('keeps a canceled one with its end, and reads an expanded customer by its id', () => {
    const ended = subscription({
      status: 'canceled',
      cancel_at_period_end: true,
      ended_at: 1_772_323_200,
      customer: { id: 'cus_expanded', object: 'customer' } as Stripe.Customer,
    });
    expect(subscriptionRowFrom(ended, USER)).toMatchObject({
      status: 'canceled',
      cancelAtPeriodEnd: true,
      endedAt: new Date('2026-03-01T00:00:00Z'),
      stripeCustomerId: 'cus_expanded',
    });
  });

  it('finds the user it was made for only in a well-formed id', () => {
    expect(userIdFromMetadata(subscription())).toBe(USER);
    expect(userIdFromMetadata(subscription({ metadata: { userId: USER.toUpperCase() } }))).toBe(USER);
    expect(userIdFromMetadata(subscription({ metadata: { userId: "x' or 1=1" } }))).toBeNull();
    expect(userIdFromMetadata(subscription({ metadata: {} }))).toBeNull();
  });

  it("gives the first invoice's confirmation secret only when the invoice was expanded with it", () => {
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      confirmation_secret: { client_secret: 'pi_1_secret_2', type: 'payment_intent' },
    };
    expect(clientSecretOf(subscription({ latest_invoice: invoice as Stripe.Invoice }))).toBe('pi_1_secret_2');
    expect(clientSecretOf(subscription({ latest_invoice: 'in_1' }))).toBeNull();
    expect(
      clientSecretOf(subscription({ latest_invoice: { ...invoice, confirmation_secret: null } as Stripe.Invoice })),
    ).toBeNull();
    expect(idOf(null)).toBeNull();
  });
});
