import { useCallback } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../../components/layout/footer';
import { Header } from '../../components/layout/header';
import { notify, Toaster } from '../../components/ui/notifications';
import { AuthDialogs, AuthSession, useAuth } from '../../features/auth';
import { useTheme } from '../../features/theme';
import { shareLink } from '../../lib/share';
import { useAppDispatch } from '../../lib/hooks';

/**
 * The frame of every screen. It composes the features the header shows (auth, theme, share), the
 * login dialogs any screen can open, and the signed-in session (storage, inactivity logout).
 */
export function RootLayout() {
  const { user, isAuthenticated, isPremium, logout } = useAuth();
  const { theme, toggleTheme } = useTheme();
  const share = useShareCurrentPage();

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
        onShare={share}
        cartCount={isAuthenticated ? 0 : undefined}
        onLogout={logout}
      />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <AuthSession />
      <AuthDialogs />
      <Toaster />
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
