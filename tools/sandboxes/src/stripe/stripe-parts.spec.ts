import Stripe from 'stripe';
import { checkCard, passesLuhn } from './cards.js';
import { StripeApiError } from './errors.js';
import { API_VERSION } from './events.js';
import { encodeForm, parseForm } from './form.js';
import { IDEMPOTENCY_TTL_MS, IdempotencyStore } from './idempotency.js';
import { periodEnd } from './periods.js';
import { stripeSignature } from './signature.js';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const monthly: Stripe.Price.Recurring = {
  interval: 'month',
  interval_count: 1,
  meter: null,
  trial_period_days: null,
  usage_type: 'licensed',
};

describe("Stripe's form encoding", () => {
  it('reads brackets, indexed and appended lists, and nested objects', () => {
    expect(
      parseForm(
        'customer=cus_1&items[0][price]=price_1&items[0][quantity]=2&metadata[userId]=u-1&expand[]=a&expand[]=b.c' +
          '&payment_settings[save_default_payment_method]=on_subscription&lookup_keys[1]=y&lookup_keys[0]=x',
      ),
    ).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_1', quantity: '2' }],
      metadata: { userId: 'u-1' },
      expand: ['a', 'b.c'],
      payment_settings: { save_default_payment_method: 'on_subscription' },
      lookup_keys: ['x', 'y'],
    });
  });

  it('reads what the SDK writes, including encoded brackets and an empty value', () => {
    const sent = {
      card: { number: '4242 4242 4242 4242' },
      expand: ['latest_invoice.confirmation_secret'],
      note: null,
    };
    expect(parseForm(encodeForm(sent))).toEqual({
      card: { number: '4242 4242 4242 4242' },
      expand: ['latest_invoice.confirmation_secret'],
      note: '',
    });
    expect(parseForm('metadata%5Bplan%5D=premium')).toEqual({ metadata: { plan: 'premium' } });
  });

  it('never reaches Object.prototype', () => {
    const parsed = parseForm('__proto__[polluted]=yes&a[constructor][prototype][polluted]=yes&ok=1');
    expect(parsed).toEqual({ ok: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('billing periods', () => {
  it('adds calendar months from the anchor, on the last day of shorter months and back to the 31st', () => {
    const anchor = at('2027-01-31T10:00:00Z');
    const february = periodEnd(anchor, anchor, monthly, 0);
    expect(iso(february)).toBe('2027-02-28T10:00:00.000Z');
    const march = periodEnd(anchor, february, monthly, 0);
    expect(iso(march)).toBe('2027-03-31T10:00:00.000Z');
    expect(iso(periodEnd(at('2028-01-31T00:00:00Z'), at('2028-01-31T00:00:00Z'), monthly, 0))).toBe(
      '2028-02-29T00:00:00.000Z',
    );
    expect(iso(periodEnd(anchor, anchor, { ...monthly, interval: 'year' }, 0))).toBe('2028-01-31T10:00:00.000Z');
    expect(periodEnd(anchor, anchor, { ...monthly, interval: 'week', interval_count: 2 }, 0)).toBe(anchor + 14 * 86400);
  });

  it('makes every period the fixed length when one is set', () => {
    expect(periodEnd(1000, 1000, monthly, 15)).toBe(1015);
    expect(periodEnd(1000, 1015, monthly, 15)).toBe(1030);
  });
});

describe('webhook signatures', () => {
  it('are what the SDK generates and accepts', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event' }, null, 2);
    const timestamp = 1_800_000_000;
    const ours = stripeSignature(payload, 'whsec_abc', timestamp);
    expect(ours).toBe(Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_abc', timestamp }));
    const fresh = stripeSignature(payload, 'whsec_abc');
    expect(Stripe.webhooks.constructEvent(payload, fresh, 'whsec_abc', 300)).toMatchObject({ id: 'evt_1' });
    expect(() => Stripe.webhooks.constructEvent(payload, fresh, 'whsec_other', 300)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('are rendered at the API version the installed SDK pins', () => {
    expect(API_VERSION).toBe('2026-10-28.endive');
  });
});

describe('card checks', () => {
  const now = new Date('2027-06-15T00:00:00Z');
  const card = (number: string, expMonth = '12', expYear = '2030', cvc = '123') =>
    checkCard({ number, expMonth, expYear, cvc }, now);
  const codeOf = (make: () => unknown) => {
    try {
      make();
    } catch (error) {
      return error instanceof StripeApiError ? [error.status, error.body.code, error.body.param] : error;
    }
    return 'accepted';
  };

  it("knows Stripe's test cards and keeps no number", () => {
    const visa = card('4242424242424242');
    expect(visa).toMatchObject({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      behaviour: { kind: 'succeeds' },
    });
    expect(JSON.stringify(visa)).not.toContain('4242424242424242');
    expect(card('4242424242424242').fingerprint).toBe(visa.fingerprint);
    expect(card('5555555555554444').fingerprint).not.toBe(visa.fingerprint);
    expect(card('4000000000000002').behaviour).toEqual({
      kind: 'declines',
      code: 'card_declined',
      declineCode: 'generic_decline',
    });
    expect(card('4000002500003155').behaviour).toEqual({ kind: 'authenticates_on_session' });
    expect(card('378282246310005', '1', '30', '1234')).toMatchObject({ brand: 'amex', expYear: 2030 });
  });

  it('refuses what Stripe refuses, naming the field', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(codeOf(() => card('4242424242424241'))).toEqual([402, 'incorrect_number', 'card[number]']);
    expect(codeOf(() => card('4242'))).toEqual([402, 'incorrect_number', 'card[number]']);
    expect(codeOf(() => card('4242424242424242', '13'))).toEqual([402, 'invalid_expiry_month', 'card[exp_month]']);
    expect(codeOf(() => card('4242424242424242', '12', '2026'))).toEqual([402, 'expired_card', 'card[exp_year]']);
    expect(codeOf(() => card('4242424242424242', '5', '2027'))).toEqual([402, 'expired_card', 'card[exp_month]']);
    expect(codeOf(() => card('4242424242424242', '6', '2027'))).toBe('accepted');
    expect(codeOf(() => card('4242424242424242', '12', '2099'))).toEqual([
      402,
      'invalid_expiry_year',
      'card[exp_year]',
    ]);
    expect(codeOf(() => card('4242424242424242', '12', '2030', '12'))).toEqual([402, 'invalid_cvc', 'card[cvc]']);
    expect(codeOf(() => card('4111111111111111'))).toEqual([402, 'card_declined', undefined]);
  });
});

describe('idempotency keys', () => {
  it('replay for 24 hours, per API key, and refuse other parameters or another endpoint', () => {
    let now = 0;
    const store = new IdempotencyStore(() => now);
    const reply = { endpoint: 'POST /v1/customers', fingerprint: 'a', status: 200, body: '{}', requestId: 'req_1' };
    store.save('sk_test_1', 'k', reply);
    expect(store.find('sk_test_1', 'k', 'POST /v1/customers', 'a')).toMatchObject({ body: '{}' });
    expect(store.find('sk_test_2', 'k', 'POST /v1/customers', 'a')).toBeUndefined();
    expect(() => store.find('sk_test_1', 'k', 'POST /v1/customers', 'b')).toThrow(/same parameters/);
    expect(() => store.find('sk_test_1', 'k', 'POST /v1/prices', 'a')).toThrow(/same endpoint/);
    now = IDEMPOTENCY_TTL_MS - 1;
    expect(store.find('sk_test_1', 'k', 'POST /v1/customers', 'a')).toBeDefined();
    now = IDEMPOTENCY_TTL_MS;
    expect(store.find('sk_test_1', 'k', 'POST /v1/customers', 'a')).toBeUndefined();
  });
});
