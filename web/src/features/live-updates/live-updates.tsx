import { LiveMessageTypes, type LiveMessage } from '@medical-qr/contracts';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { publishLiveMessage } from '../../lib/live-messages';
import { liveSocketUrl, openLiveSocket } from '../../lib/live-socket';

/** What a change of premium touches: the account (badge), premium status, the subscription, the records' expiry. */
const PREMIUM_TAGS = ['User', 'Premium', 'Subscription', 'MedicalRecord'] as const;
/** What a paid checkout touches: the cart (and its count in the header) and the orders it made. */
const CART_TAGS = ['Cart', 'Order'] as const;

/**
 * The signed-in browser's live connection (SPEC section 4, "Live socket"): open while someone is signed in, closed
 * on sign-out. A `subscription_updated` push refreshes premium status, the account, the dashboard and the active
 * record; `cart_cleared` refreshes the cart, its count and the orders. Every push is also handed to the screens that listen for it.
 */
export function LiveUpdates({ signedIn }: { signedIn: boolean }) {
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!signedIn) return;
    const onMessage = (message: LiveMessage) => {
      if (message.type === LiveMessageTypes.subscriptionUpdated) dispatch(api.util.invalidateTags([...PREMIUM_TAGS]));
      if (message.type === LiveMessageTypes.cartCleared) dispatch(api.util.invalidateTags([...CART_TAGS]));
      publishLiveMessage(message);
    };
    const connection = openLiveSocket({
      url: liveSocketUrl(),
      onMessage,
      // Pushes sent while the connection was down were missed: ask again.
      onReconnected: () => dispatch(api.util.invalidateTags([...PREMIUM_TAGS, ...CART_TAGS])),
    });
    return () => connection.close();
  }, [signedIn, dispatch]);

  return null;
}
