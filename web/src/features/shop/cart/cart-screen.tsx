import { EmptyState } from '../../../components/ui/empty-state';
import { formatCents } from '@medical-qr/contracts';
import { ArrowRight, ShoppingBag, ShoppingCart } from 'lucide-react';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { ActionLink } from '../../../components/ui/action-link';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../lib/paths';
import { useGetCartQuery } from '../cart-api';
import { startCartCheckout } from '../checkout/checkout-intent';
import { PrintedCodeNote } from '../printed-code-note';
import { CartItemCard } from './cart-item-card';
import { cartTotal, itemCount, shippingSummary } from './cart-totals';
import { TitledPanel } from '../../../components/ui/titled-panel';

const itemsText = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/**
 * /cart for a signed-in user (SPEC section 2, "Cart"): each line with its prices, quantity, Edit and Remove; the
 * grand total in USD, Continue Shopping and Proceed to Checkout; an empty cart leads to the shop.
 */
export function CartScreen() {
  const cart = useGetCartQuery();
  const heading = useRef<HTMLHeadingElement>(null);
  // A removed line takes its buttons with it: focus goes back to the top of the cart.
  const focusHeading = () => heading.current?.focus();

  const body = (
    <QueryState
      query={cart}
      loadingLabel="Loading your cart…"
      error={{
        title: 'Cart unavailable',
        message: 'Your cart could not be loaded.',
        retryLabel: 'Retry',
        className: 'mt-6',
      }}
      isEmpty={(items) => items.length === 0}
      empty={<EmptyCart />}
    >
      {(items) => (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <ol className="flex flex-col gap-4">
            {items.map((item) => (
              <li key={item.id}>
                <CartItemCard item={item} onRemoved={focusHeading} />
              </li>
            ))}
          </ol>
          <CartSummary total={cartTotal(items)} count={itemCount(items)} />
        </div>
      )}
    </QueryState>
  );

  return (
    <div className="mx-auto max-w-6xl px-5 py-8 sm:px-6 md:py-12">
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-3xl font-extrabold tracking-tight text-slate-900 outline-none sm:text-4xl dark:text-white"
      >
        Your Cart
      </h1>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-300">
        {cart.data && cart.data.length > 0
          ? `${itemsText(itemCount(cart.data))}. ${shippingSummary(cart.data)}`
          : 'Items you add from the shop wait here until you check out.'}
      </p>
      {body}
    </div>
  );
}

function CartSummary({ total, count }: { total: number; count: number }) {
  const navigate = useNavigate();
  const proceed = () => {
    startCartCheckout();
    navigate(paths.checkout.getHref());
  };
  return (
    <TitledPanel title="Order summary" className="lg:sticky lg:top-24">
      <dl className="mt-4 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-4 dark:border-slate-800">
        <dt className="text-base font-bold text-slate-900 dark:text-white">
          Total <span className="font-normal text-slate-600 dark:text-slate-400">({itemsText(count)})</span>
        </dt>
        <dd className="text-right text-2xl font-extrabold whitespace-nowrap text-slate-900 tabular-nums dark:text-white">
          {formatCents(total)} <span className="text-sm font-semibold text-slate-600 dark:text-slate-400">USD</span>
        </dd>
      </dl>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Shipping included.</p>
      <PrintedCodeNote className="mt-3 border-t border-slate-200 pt-3 text-sm dark:border-slate-800" />
      <div className="mt-5 flex flex-col gap-3">
        <Button size="lg" className="w-full whitespace-nowrap" onClick={proceed}>
          Proceed to Checkout
          <ArrowRight className="size-5" aria-hidden="true" />
        </Button>
        <ActionLink to={paths.shop.getHref()} icon={ShoppingBag} variant="secondary" fullWidth>
          Continue Shopping
        </ActionLink>
      </div>
    </TitledPanel>
  );
}

function EmptyCart() {
  return (
    <EmptyState
      icon={ShoppingCart}
      title="Your cart is empty"
      action={
        <ActionLink to={paths.shop.getHref()} icon={ShoppingBag}>
          Browse Merch Shop
        </ActionLink>
      }
    >
      Put your emergency QR code on a keychain, a pet tag or a luggage tag, so it is with you when it matters.
    </EmptyState>
  );
}
