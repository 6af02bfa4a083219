import { LiveMessageTypes, type LiveMessage } from '@medical-qr/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../components/ui/notifications';
import { api } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { publishLiveMessage } from '../../lib/live-messages';
import { liveSocketUrl, openLiveSocket } from '../../lib/live-socket';
import { paths } from '../../lib/paths';
import { familyAlertToast } from './family-alert-toast';

/** What a change of premium touches: the account (badge), premium status, the subscription, the records' expiry. */
const PREMIUM_TAGS = ['User', 'Premium', 'Subscription', 'MedicalRecord'] as const;
/** What a paid checkout touches: the cart (and its count in the header) and the orders it made. */
const CART_TAGS = ['Cart', 'Order'] as const;
/** The owner's family alerts (the family-alerts feature adds the tag; adding it again changes nothing). */
const FAMILY_ALERT_TAGS = ['FamilyAlert'] as const;
/** The owner's health links, whose list shows who opened each (added by the health-links feature, likewise). */
const HEALTH_LINK_TAGS = ['HealthLink'] as const;
const liveApi = api.enhanceEndpoints({ addTagTypes: [...FAMILY_ALERT_TAGS, ...HEALTH_LINK_TAGS] });

/**
 * The signed-in browser's live connection (SPEC section 4, "Live socket"): open while someone is signed in, closed
 * on sign-out. A `subscription_updated` push refreshes premium status, the account, the dashboard and the active
 * record; `cart_cleared` refreshes the cart, its count and the orders; `family_alert` refreshes the owner's alerts and
 * says so in a toast that leads to them; `health_link_opened` refreshes the owner's health links (who opened them).
 * Every push is also handed to the screens that listen for it.
 */
export function LiveUpdates({ signedIn }: { signedIn: boolean }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Read when a toast's button is pressed, so a new navigate function never reopens the socket.
  const latestNavigate = useRef(navigate);
  useEffect(() => {
    latestNavigate.current = navigate;
  });

  useEffect(() => {
    if (!signedIn) return;
    const seeAlerts = () => void latestNavigate.current(paths.history.getHref());
    const onMessage = (message: LiveMessage) => {
      if (message.type === LiveMessageTypes.subscriptionUpdated) dispatch(api.util.invalidateTags([...PREMIUM_TAGS]));
      if (message.type === LiveMessageTypes.cartCleared) dispatch(api.util.invalidateTags([...CART_TAGS]));
      if (message.type === LiveMessageTypes.familyAlert) {
        dispatch(liveApi.util.invalidateTags([...FAMILY_ALERT_TAGS]));
        const toast = familyAlertToast(message, seeAlerts);
        if (toast) dispatch(notify(toast));
      }
      if (message.type === LiveMessageTypes.healthLinkOpened)
        dispatch(liveApi.util.invalidateTags([...HEALTH_LINK_TAGS]));
      publishLiveMessage(message);
    };
    const connection = openLiveSocket({
      url: liveSocketUrl(),
      onMessage,
      // Pushes sent while the connection was down were missed: ask again.
      onReconnected: () =>
        dispatch(
          liveApi.util.invalidateTags([...PREMIUM_TAGS, ...CART_TAGS, ...FAMILY_ALERT_TAGS, ...HEALTH_LINK_TAGS]),
        ),
    });
    return () => connection.close();
  }, [signedIn, dispatch]);

  return null;
}
