import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { matchPath, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Footer } from '../../components/layout/footer';
import { Header } from '../../components/layout/header';
import { AfterFirstPaint } from '../../components/ui/after-first-paint';
import { notify } from '../../components/ui/notifications';
import { AuthDialogs, AuthSession, SessionRenewalProvider, useAuth, useLoginDialog } from '../../features/auth';
import { LiveUpdates } from '../../features/live-updates';
// The pricing dialog's hook alone (not the premium feature's index): the dialog itself loads when first opened.
import { usePricingDialog } from '../../features/premium/use-pricing-dialog';
// The header's count alone, not the shop feature's index: the shop's screens load on demand.
import { useCartCount } from '../../features/shop/use-cart-count';
import { useTheme } from '../../features/theme';
import { paths } from '../../lib/paths';
import { planOf, SIGN_IN_TO_UPGRADE, type PlanId } from '../../lib/plans';
import { shareLink } from '../../lib/share';
import { useAppDispatch } from '../../lib/hooks';

const PREMIUM_SCREENS = [paths.pricing.path, paths.subscribe.path, paths.premiumSuccess.path];
/** Screens whose address holds a secret (a health link's key, in the fragment): the header offers no Share there. */
const PRIVATE_ADDRESS_SCREENS = [paths.shl.path];

// The toasts' code loads beside the page: their messages wait in the store, so none is lost while it does.
const Toaster = lazy(() =>
  import('../../components/ui/notifications/toaster').then((module) => ({ default: module.Toaster })),
);

const PricingDialog = lazy(() =>
  import('../../features/premium/pricing-dialog').then((module) => ({ default: module.PricingDialog })),
);

/**
 * The frame of every screen. It composes the features the header shows (auth, theme, share), the
 * login and pricing dialogs any screen can open, the signed-in session (storage, inactivity logout)
 * and its live connection.
 */
export function RootLayout() {
  const { user, isAuthenticated, isPremium, logout } = useAuth();
  const { theme, toggleTheme } = useTheme();
  const share = useShareCurrentPage();
  const pricing = usePricingDialog();
  const cartCount = useCartCount(isAuthenticated);
  // The plans and the subscription's own screens need no prompt to go premium.
  const { pathname } = useLocation();
  const onPremiumScreen = PREMIUM_SCREENS.some((pattern) => matchPath(pattern, pathname));
  const privateAddress = PRIVATE_ADDRESS_SCREENS.some((pattern) => matchPath(pattern, pathname));

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-red-600 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header
        user={user}
        isPremium={isPremium}
        theme={theme}
        onToggleTheme={toggleTheme}
        onShare={privateAddress ? undefined : share}
        cartCount={cartCount}
        onLogout={logout}
        onUpgrade={isPremium || onPremiumScreen ? undefined : pricing.open}
      />
      <main id="main" className="flex-1">
        <SessionRenewalProvider>
          <Outlet />
        </SessionRenewalProvider>
      </main>
      <Footer />
      <AuthSession />
      <AuthDialogs />
      <PricingDialogHost current={planOf({ isAuthenticated, isPremium })} />
      <LiveUpdates signedIn={isAuthenticated} />
      <AfterFirstPaint>
        <Toaster />
      </AfterFirstPaint>
      <ScrollRestoration />
    </div>
  );
}

function useShareCurrentPage() {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    const outcome = await shareLink({ title: document.title, url: window.location.href });
    if (outcome === 'copied') {
      dispatch(notify({ type: 'success', title: 'Link copied', description: 'The page link is on your clipboard.' }));
    } else if (outcome === 'share-failed') {
      dispatch(
        notify({
          type: 'error',
          title: 'Share Failed',
          description: 'This page could not be shared. Please try again.',
        }),
      );
    } else if (outcome === 'copy-failed') {
      dispatch(notify({ type: 'error', title: 'Copy Failed', description: 'Failed to copy link to clipboard.' }));
    }
  }, [dispatch]);
}

/** Mounts the pricing dialog once it is first asked for, and keeps it (so it can animate out). */
function PricingDialogHost({ current }: { current: PlanId }) {
  const { isOpen } = usePricingDialog();
  const loginDialog = useLoginDialog();
  const [wanted, setWanted] = useState(isOpen);
  useEffect(() => {
    if (isOpen) setWanted(true);
  }, [isOpen]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <PricingDialog
        current={current}
        onSignInToUpgrade={() =>
          loginDialog.open({ tab: 'sign-in', upgrade: true, notice: { tone: 'info', text: SIGN_IN_TO_UPGRADE } })
        }
        onCreateAccount={() => loginDialog.open({ tab: 'create-account' })}
      />
    </Suspense>
  );
}
