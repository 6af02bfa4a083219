import { ShopMessages, type CheckoutResponse } from '@medical-qr/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/ui/notifications';
import { useAppDispatch } from '../../../lib/hooks';
import { paths } from '../../../lib/paths';
import { useCreateCheckoutSessionMutation, useQuickCheckoutMutation } from '../cart-api';
import { refusalMessage } from '../shop-errors';
import { readCheckoutIntent, type CheckoutIntent } from './checkout-intent';

export type CheckoutState =
  | { step: 'starting'; intent: CheckoutIntent }
  | { step: 'paying'; intent: Exclude<CheckoutIntent, { kind: 'none' }>; session: CheckoutResponse };

/**
 * /checkout's start (SPEC section 4, "Checkout"): a quick checkout's item is paid on its own, the cart as the server
 * has it; with neither, or when the payment cannot be set up ("Failed to create checkout session"), back to the
 * cart. Once per visit: each start is a new payment for the provider.
 */
export function useCheckoutSession(): CheckoutState {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [quickCheckout] = useQuickCheckoutMutation();
  const [createCheckoutSession] = useCreateCheckoutSessionMutation();
  const [intent] = useState(readCheckoutIntent);
  const [state, setState] = useState<CheckoutState>({ step: 'starting', intent });

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (intent.kind === 'none') {
      navigate(paths.cart.getHref(), { replace: true });
      return;
    }
    const request = intent.kind === 'quick' ? quickCheckout(intent.item) : createCheckoutSession();
    request
      .unwrap()
      .then((session) => setState({ step: 'paying', intent, session }))
      .catch((error: unknown) => {
        console.warn('The checkout could not be set up.', error);
        dispatch(
          notify({
            type: 'error',
            title: ShopMessages.checkoutSessionFailed,
            description: refusalMessage(error, '') || undefined,
          }),
        );
        navigate(paths.cart.getHref(), { replace: true });
      });
  }, [intent, quickCheckout, createCheckoutSession, dispatch, navigate]);

  return state;
}
