import { FAMILY_ALERT_STATES, type FamilyAlertState, type LiveMessage } from '@medical-qr/contracts';
import type { NotifyInput } from '../../components/ui/notifications';

/** The longest a toast stays (MAX_DURATION_MS): someone needs the owner's family, so it should not slip by. */
const ALERT_TOAST_MS = 10_000;

const isState = (value: unknown): value is FamilyAlertState => FAMILY_ALERT_STATES.some((state) => state === value);

/**
 * What a `family_alert` push says to the owner. The push carries no names (who answered is on /history), only the
 * alert's state; a push with any other state says nothing.
 */
export function familyAlertToast(message: LiveMessage, seeAlerts: () => void): NotifyInput | null {
  const action = { label: 'See who answered', onClick: seeAlerts };
  if (!isState(message.state)) return null;
  switch (message.state) {
    case 'waiting':
      return { type: 'warning', title: 'Someone is telling your family', duration: ALERT_TOAST_MS, action };
    case 'acknowledged':
      return { type: 'success', title: "A contact answered “I'm on it”", duration: ALERT_TOAST_MS, action };
    case 'unanswered':
      return {
        type: 'warning',
        title: 'Nobody answered yet: your contacts were texted again',
        duration: ALERT_TOAST_MS,
        action: { label: 'See the alert', onClick: seeAlerts },
      };
  }
}
