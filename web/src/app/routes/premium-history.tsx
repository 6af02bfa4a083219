import { Crown } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PageMessage } from '../../components/ui/page-message';
import { ScreenLoading } from '../../components/ui/screen-loading';
import { useAuth } from '../../features/auth';
import { PremiumHistoryScreen } from '../../features/medical-records';
import { useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';
import { PREMIUM_PRICE_AMOUNT } from '../../lib/plans';
import { SignInRequired } from './sign-in-required';

/** The spec's upgrade prompt, at the price DESIGN settles (per month). */
export const PREMIUM_HISTORY_UPGRADE = `Upgrade to Premium - ${PREMIUM_PRICE_AMOUNT}/month`;

/**
 * /premium/history (SPEC section 2, "Premium history"): the search and grid for premium users, the upgrade prompt for
 * everyone else signed in (also when the server says premium has ended), and the sign-in prompt for visitors.
 */
export function PremiumHistoryRoute() {
  useDocumentTitle('Premium QR History');
  const { isAuthenticated, isPremium, isLoading } = useAuth();
  const [refused, setRefused] = useState(false);
  const onNotPremium = useCallback(() => setRefused(true), []);

  if (isLoading) return <ScreenLoading label="Loading your history…" />;
  if (!isAuthenticated) {
    return (
      <SignInRequired
        title="Premium QR History"
        message="Sign in to search, share and download every code you have made."
      />
    );
  }
  if (!isPremium || refused) return <UpgradePrompt />;
  return <PremiumHistoryScreen onNotPremium={onNotPremium} />;
}

function UpgradePrompt() {
  return (
    <PageMessage
      icon={Crown}
      tone="premium"
      title="Premium QR History"
      message="Search every code you have made by blood type, allergies or conditions, and share or download any of them."
    >
      {/* The spec's long label: a size smaller on phones, so it stays on one line with its icon. */}
      <Link
        to={paths.subscribe.getHref()}
        className={buttonClasses({
          className: 'mt-8 w-full whitespace-nowrap sm:min-h-13 sm:w-auto sm:px-6 sm:text-lg',
        })}
      >
        <Crown className="size-5" aria-hidden="true" />
        {PREMIUM_HISTORY_UPGRADE}
      </Link>
    </PageMessage>
  );
}
