import Stripe from 'stripe';
import type { CheckedCard } from './cards.js';
import { alphanumeric, newClientSecret, newId } from './ids.js';

/**
 * Stripe's objects with every field of Stripe's own examples, at the API version the `stripe` package pins. Each
 * builder gives a new object as Stripe creates it; the domain code changes them from there.
 */

/** The stand-in account's name on invoices. */
export const ACCOUNT_NAME = 'Medical QR (local Stripe stand-in)';

/** Amounts in the smallest unit, as a decimal string (`unit_amount_decimal`). */
export const decimal = (amount: number) => Stripe.Decimal.from(amount);

export function customerObject(
  fields: Pick<Stripe.Customer, 'email' | 'name' | 'description' | 'phone' | 'metadata'>,
  now: number,
): Stripe.Customer {
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: now,
    currency: null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: fields.description,
    discount: null,
    email: fields.email,
    invoice_prefix: alphanumeric(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: fields.metadata,
    name: fields.name,
    next_invoice_sequence: 1,
    phone: fields.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function productObject(
  fields: Pick<Stripe.Product, 'name' | 'description' | 'metadata' | 'active'> & { id?: string },
  now: number,
): Stripe.Product {
  return {
    id: fields.id ?? newId('prod'),
    object: 'product',
    active: fields.active,
    created: now,
    default_price: null,
    description: fields.description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: fields.metadata,
    name: fields.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: now,
    url: null,
  };
}

export interface PriceFields {
  product: string;
  currency: string;
  unitAmount: number;
  recurring: { interval: Stripe.Price.Recurring.Interval; interval_count: number } | null;
  lookupKey: string | null;
  nickname: string | null;
  metadata: Stripe.Metadata;
  active: boolean;
}

export function priceObject(fields: PriceFields, now: number): Stripe.Price {
  return {
    id: newId('price'),
    object: 'price',
    active: fields.active,
    billing_scheme: 'per_unit',
    created: now,
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: fields.lookupKey,
    metadata: fields.metadata,
    nickname: fields.nickname,
    product: fields.product,
    recurring: fields.recurring
      ? { ...fields.recurring, meter: null, trial_period_days: null, usage_type: 'licensed' }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: fields.recurring ? 'recurring' : 'one_time',
    unit_amount: fields.unitAmount,
    unit_amount_decimal: decimal(fields.unitAmount),
  };
}

/** The legacy `plan` Stripe still shows on each subscription item, derived from its price. */
export function planOf(price: Stripe.Price): Stripe.Plan {
  const recurring = price.recurring ?? { interval: 'month', interval_count: 1, trial_period_days: null };
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount === null ? null : decimal(price.unit_amount),
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: recurring.trial_period_days,
    usage_type: 'licensed',
  };
}

export interface Period {
  start: number;
  end: number;
}

export function subscriptionItemObject(
  subscription: string,
  price: Stripe.Price,
  quantity: number,
  period: Period,
  now: number,
): Stripe.SubscriptionItem {
  return {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: now,
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price,
    quantity,
    subscription,
    tax_rates: [],
  };
}

export interface SubscriptionFields {
  id: string;
  customer: string;
  currency: string;
  items: Stripe.SubscriptionItem[];
  metadata: Stripe.Metadata;
  description: string | null;
  defaultPaymentMethod: string | null;
  saveDefaultPaymentMethod: Stripe.Subscription.PaymentSettings.SaveDefaultPaymentMethod | null;
}

export function subscriptionObject(fields: SubscriptionFields, now: number): Stripe.Subscription {
  return {
    id: fields.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: now },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: fields.currency,
    customer: fields.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: fields.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: fields.description,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: {
      object: 'list',
      data: fields.items,
      has_more: false,
      url: `/v1/subscription_items?subscription=${fields.id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: { enabled: false },
    metadata: fields.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: fields.saveDefaultPaymentMethod,
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: 'incomplete',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

/** "1 × Medical QR Premium (at $9.99 / month)", as Stripe describes a subscription line. */
function lineDescription(quantity: number, productName: string, price: Stripe.Price): string {
  const amount = ((price.unit_amount ?? 0) / 100).toFixed(2);
  const symbol = price.currency === 'usd' ? '$' : `${price.currency.toUpperCase()} `;
  const every = price.recurring
    ? ` / ${price.recurring.interval_count > 1 ? `every ${price.recurring.interval_count} ` : ''}${price.recurring.interval}`
    : '';
  return `${quantity} × ${productName} (at ${symbol}${amount}${every})`;
}

export interface InvoiceFields {
  customer: Stripe.Customer;
  subscription: Stripe.Subscription;
  item: Stripe.SubscriptionItem;
  productName: string;
  billingReason: Stripe.Invoice.BillingReason;
  /** The period the invoice covers (the one before a renewal; the creation instant for the first invoice). */
  invoicePeriod: Period;
  /** The period its line bills (the subscription's new period). */
  linePeriod: Period;
  number: string;
}

/**
 * An invoice as Stripe's example for this API version shows it: the `stripe` package's type, plus the `subscription`
 * the example still carries (the type has it under `parent.subscription_details` only).
 */
export type StandInInvoice = Stripe.Invoice & { subscription: string | null };

export function invoiceObject(fields: InvoiceFields, now: number): StandInInvoice {
  const { customer, subscription, item } = fields;
  const id = newId('in');
  const quantity = item.quantity ?? 1;
  const amount = (item.price.unit_amount ?? 0) * quantity;
  const line: Stripe.InvoiceLineItem = {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: subscription.currency,
    description: lineDescription(quantity, fields.productName, item.price),
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: id,
    livemode: false,
    metadata: subscription.metadata,
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
      type: 'subscription_item_details',
    },
    period: { ...fields.linePeriod },
    pretax_credit_amounts: [],
    pricing: {
      price_details: {
        price: item.price.id,
        product: typeof item.price.product === 'string' ? item.price.product : item.price.product.id,
      },
      type: 'price_details',
      unit_amount_decimal: item.price.unit_amount_decimal,
    },
    quantity,
    quantity_decimal: decimal(quantity),
    subscription: subscription.id,
    subtotal: amount,
    taxes: [],
  };
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: ACCOUNT_NAME,
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: fields.billingReason,
    collection_method: 'charge_automatically',
    created: now,
    currency: subscription.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: fields.number,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: fields.invoicePeriod.end,
    period_start: fields.invoicePeriod.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'open',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subscription: subscription.id,
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: now,
  };
}

/** The invoice's one payment: its PaymentIntent (`invoice.payments`, shown when expanded). */
export function invoicePaymentObject(
  invoice: Stripe.Invoice,
  paymentIntent: string,
  now: number,
): Stripe.InvoicePayment {
  return {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: invoice.amount_due,
    created: now,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: paymentIntent, type: 'payment_intent' },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  };
}

export interface PaymentIntentFields {
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  setupFutureUsage: Stripe.PaymentIntent.SetupFutureUsage | null;
  /** What a PaymentIntent made with `POST /v1/payment_intents` may set besides; an invoice's has none of it. */
  metadata?: Stripe.Metadata;
  receiptEmail?: string | null;
  statementDescriptorSuffix?: string | null;
  /** Null when the caller named the payment method types instead. */
  automaticPaymentMethods?: Stripe.PaymentIntent.AutomaticPaymentMethods | null;
  allowedPaymentMethodTypes?: Stripe.PaymentIntent.AllowedPaymentMethodType[] | null;
}

export function paymentIntentObject(fields: PaymentIntentFields, now: number): Stripe.PaymentIntent {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: fields.allowedPaymentMethodTypes ?? null,
    amount: fields.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: fields.automaticPaymentMethods ?? null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: newClientSecret(id),
    confirmation_method: 'automatic',
    created: now,
    currency: fields.currency,
    customer: fields.customer,
    customer_account: null,
    description: fields.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata ?? {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: fields.receiptEmail ?? null,
    review: null,
    setup_future_usage: fields.setupFutureUsage,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: fields.statementDescriptorSuffix ?? null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

const DISPLAY_BRANDS: Record<string, string> = { amex: 'american_express', diners: 'diners_club' };

export function cardPaymentMethodObject(
  card: CheckedCard,
  billing: Stripe.PaymentMethod.BillingDetails,
  metadata: Stripe.Metadata,
  now: number,
): Stripe.PaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billing,
    card: {
      brand: card.brand,
      checks: {
        address_line1_check: null,
        address_postal_code_check: null,
        cvc_check: card.cvcProvided ? 'unchecked' : null,
      },
      country: 'US',
      display_brand: DISPLAY_BRANDS[card.brand] ?? card.brand,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: card.fingerprint,
      funding: card.funding,
      generated_from: null,
      last4: card.last4,
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: now,
    customer: null,
    customer_account: null,
    livemode: false,
    metadata,
    type: 'card',
  };
}
