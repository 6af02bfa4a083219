import { PrivacyMessages } from '@medical-qr/contracts';
import { House } from 'lucide-react';
import { ActionLink } from '../../components/ui/action-link';
import { OutcomeCard } from '../../components/ui/outcome-card';
import { useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';

/**
 * Where "Delete now" lands once the account is erased and the person signed out: it says the deletion happened, what
 * it did beyond the data (the subscription, the orders), and that a last mail confirms it.
 */
export function AccountDeletedRoute() {
  useDocumentTitle(PrivacyMessages.accountDeleted);
  return (
    <OutcomeCard title={PrivacyMessages.accountDeleted} text={PrivacyMessages.accountDeletedDetails} tone="success">
      <ul className="space-y-2 text-left text-base leading-relaxed text-slate-700 dark:text-slate-300">
        <li>{PrivacyMessages.subscriptionCancelled}</li>
        <li>{PrivacyMessages.ordersKept}</li>
        <li>{PrivacyMessages.accountDeletedMailed}</li>
      </ul>
      <div className="mt-6">
        <ActionLink to={paths.home.getHref()} icon={House} fullWidth>
          Go to Home
        </ActionLink>
      </div>
    </OutcomeCard>
  );
}
