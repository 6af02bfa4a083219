import { formatCents, type CartItem } from '@medical-qr/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ReactNode } from 'react';
import {
  CardPaymentForm,
  PaymentDetailsPanel,
  PaymentFormLoading,
  useGetStripeKeyQuery,
} from '../../../components/payment';
import { QueryState } from '../../../components/ui/query-state';
import { ScreenLoading } from '../../../components/ui/screen-loading';
import { isApiError } from '../../../lib/base-query';
import { paths } from '../../../lib/paths';
import { useGetCartQuery, type CartLineRequest } from '../cart-api';
import { addressLines } from '../cart/cart-totals';
import { ProductImage } from '../product-image';
import { useCheckoutSession, type CheckoutState } from './use-checkout-session';
import { useOrderPlaced } from './use-order-placed';
import { TitledPanel } from '../../../components/ui/titled-panel';

/** Where the provider sends the browser back after a bank's confirmation page. */
export function checkoutReturnUrl(): string {
  return `${window.location.origin}${paths.checkoutSuccess.getHref()}`;
}

/**
 * /checkout (SPEC section 2, "Checkout"): what is being bought, the total the server charges, and the card form
 * ("Pay $X"). A paid order goes to /my-orders; a declined card says why in the form and leaves the cart as it was.
 */
export function CheckoutScreen() {
  const state = useCheckoutSession();
  if (state.step === 'starting') {
    return state.intent.kind === 'none' ? <ScreenLoading /> : <ScreenLoading label="Preparing secure payment…" />;
  }
  return <PayingCheckout state={state} />;
}

function PayingCheckout({ state }: { state: Extract<CheckoutState, { step: 'paying' }> }) {
  const { intent, session } = state;
  const cart = useGetCartQuery(intent.kind === 'cart' ? undefined : skipToken);
  return (
    <div className="mx-auto max-w-6xl px-5 py-8 sm:px-6 md:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">Checkout</h1>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-300">
        {intent.kind === 'quick' ? 'Quick checkout: this one item, paid on its own.' : 'Everything in your cart.'}
      </p>
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_28rem]">
        <OrderSummary total={session.amount}>
          {intent.kind === 'quick' ? (
            <QuickLine item={intent.item} />
          ) : (
            <QueryState
              query={cart}
              keepDataOnError
              loading={<li className="text-[15px] text-slate-600 dark:text-slate-400">Loading your items…</li>}
              error={
                <li className="text-[15px] text-slate-600 dark:text-slate-400">
                  The items could not be listed, but your cart is safe.
                </li>
              }
            >
              {(items) => items.map((item) => <CartLine key={item.id} item={item} />)}
            </QueryState>
          )}
        </OrderSummary>
        <PaymentPanel clientSecret={session.clientSecret} amount={session.amount} />
      </div>
    </div>
  );
}

function OrderSummary({ total, children }: { total: number; children: ReactNode }) {
  return (
    <TitledPanel title="Order summary">
      <ul className="mt-4 flex flex-col gap-4">{children}</ul>
      <dl className="mt-5 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-4 dark:border-slate-800">
        <dt className="text-base font-bold text-slate-900 dark:text-white">Total</dt>
        <dd className="text-2xl font-extrabold whitespace-nowrap text-slate-900 tabular-nums dark:text-white">
          {formatCents(total)} <span className="text-sm font-semibold text-slate-600 dark:text-slate-400">USD</span>
        </dd>
      </dl>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Shipping included.</p>
    </TitledPanel>
  );
}

function Line({ image, title, details, amount }: { image: string; title: string; details: string[]; amount?: string }) {
  return (
    <li className="flex gap-4">
      <ProductImage src={image} alt={`Your QR code on the ${title}`} className="w-20 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline justify-between gap-3">
          <span className="font-bold text-slate-900 dark:text-white">{title}</span>
          {amount ? (
            <span className="font-semibold whitespace-nowrap text-slate-900 tabular-nums dark:text-white">
              {amount}
            </span>
          ) : null}
        </p>
        {details.map((detail, index) => (
          <p key={index} className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
            {detail}
          </p>
        ))}
      </div>
    </li>
  );
}

function QuickLine({ item }: { item: CartLineRequest }) {
  const address = addressLines({
    shippingAddressLine1: item.shippingAddressLine1,
    shippingAddressLine2: item.shippingAddressLine2,
    shippingCity: item.shippingCity,
    shippingState: item.shippingState,
    shippingPostalCode: item.shippingPostalCode,
    countryCode: item.countryCode,
  });
  return (
    <Line
      image={item.mockupUrl}
      title={item.productTitle}
      details={[`${item.variantLabel} · Quantity ${item.quantity}`, `Ship to ${address.join(', ')}`]}
    />
  );
}

function CartLine({ item }: { item: CartItem }) {
  return (
    <Line
      image={item.mockupUrl}
      title={item.productTitle}
      details={[`${item.variantLabel} · Quantity ${item.quantity}`, `Ship to ${addressLines(item).join(', ')}`]}
      amount={formatCents(item.itemTotal)}
    />
  );
}

function PaymentPanel({ clientSecret, amount }: { clientSecret: string; amount: number }) {
  const stripeKey = useGetStripeKeyQuery();
  const orderPlaced = useOrderPlaced();

  return (
    <PaymentDetailsPanel className="lg:sticky lg:top-24">
      <QueryState
        query={stripeKey}
        loading={<PaymentFormLoading />}
        error={{
          title: 'Card form unavailable',
          message: isApiError(stripeKey.error) ? stripeKey.error.message : 'The card form could not be loaded.',
          retryLabel: 'Retry',
        }}
      >
        {(key) => (
          <CardPaymentForm
            stripeKey={key}
            clientSecret={clientSecret}
            returnUrl={checkoutReturnUrl()}
            submitLabel={`Pay ${formatCents(amount)}`}
            onPaid={async () => orderPlaced()}
          />
        )}
      </QueryState>
    </PaymentDetailsPanel>
  );
}
