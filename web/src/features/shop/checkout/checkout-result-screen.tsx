import { CircleX, RotateCw, ShoppingCart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { paymentFailureReason, PAYMENT_NOT_COMPLETED, useLazyGetStripeKeyQuery } from '../../../components/payment';
import { ActionLink } from '../../../components/ui/action-link';
import { PageMessage } from '../../../components/ui/page-message';
import { ScreenLoading } from '../../../components/ui/screen-loading';
import { useDocumentTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';
import { useOrderPlaced } from './use-order-placed';

/** What the payment provider puts in the address it returns to. */
export interface CheckoutReturn {
  /** `succeeded`, `processing`, `failed`, or absent. */
  redirectStatus: string | null;
  clientSecret: string | null;
}

/**
 * /checkout/success, where the card's bank sends the browser back after its own confirmation page: a payment that
 * went through is an order placed (as in the form: on to /my-orders); one the bank refused says why, with the way
 * back to the checkout, whose item or cart is still there.
 */
export function CheckoutResultScreen({ redirectStatus, clientSecret }: CheckoutReturn) {
  const orderPlaced = useOrderPlaced();
  const [readStripeKey] = useLazyGetStripeKeyQuery();
  const [failure, setFailure] = useState<string | null>(null);
  const paid = redirectStatus === 'succeeded' || redirectStatus === 'processing';
  useDocumentTitle(failure ? 'Payment failed' : 'Confirming your payment');

  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (paid) {
      orderPlaced();
      return;
    }
    if (!clientSecret) {
      setFailure(PAYMENT_NOT_COMPLETED);
      return;
    }
    void readStripeKey(undefined, true)
      .unwrap()
      .then((key) => paymentFailureReason(key, clientSecret))
      .catch(() => PAYMENT_NOT_COMPLETED)
      .then(setFailure);
  }, [paid, clientSecret, orderPlaced, readStripeKey]);

  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (failure) heading.current?.focus();
  }, [failure]);

  if (!failure) return <ScreenLoading label="Confirming your payment…" />;
  return (
    <PageMessage icon={CircleX} tone="error" title="Payment Failed" message={failure} headingRef={heading}>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-400">No payment was taken and nothing was ordered.</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <ActionLink to={paths.checkout.getHref()} icon={RotateCw}>
          Try again
        </ActionLink>
        <ActionLink to={paths.cart.getHref()} icon={ShoppingCart} variant="secondary">
          Go to Cart
        </ActionLink>
      </div>
    </PageMessage>
  );
}
