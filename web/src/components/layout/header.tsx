import { ArrowLeft, Crown, LogIn, Moon, Share2, ShoppingBag, ShoppingCart, Sun } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { buttonClasses, CountBadge } from '../ui/button';
import { LogoMark } from '../ui/logo-mark';
import { APP_TITLE, APP_TITLE_SHORT, cartLabel, greetingFor, type HeaderProps } from './header-props';
import { MobileMenu, UserMenu } from './header-menus';
import { PremiumBadge } from './premium-badge';

const iconClass = 'size-6';

// A ghost button in premium's amber: the crown alone on tablets, with its words on wide screens.
const upgradeButtonClass =
  'inline-flex size-11 shrink-0 items-center justify-center gap-2 rounded-xl font-semibold text-amber-800 transition-colors ' +
  'hover:bg-amber-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-600 ' +
  'lg:w-auto lg:px-3 dark:text-amber-300 dark:hover:bg-amber-950/50 dark:focus-visible:outline-red-400';

/** The app header (SPEC section 2, "Header"): back, title, greeting, actions; a menu on small screens. */
export function Header(props: HeaderProps) {
  const { user, isPremium = false, theme, onToggleTheme, onShare, cartCount, onLogout, onUpgrade } = props;
  const location = useLocation();
  const navigate = useNavigate();
  const isHome = location.pathname === paths.home.path;
  const signedIn = user !== null;

  // The first page of a visit has no in-app history to go back to: go home instead.
  const goBack = () => {
    if (location.key === 'default') navigate(paths.home.getHref());
    else navigate(-1);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white pt-[env(safe-area-inset-top)] dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex min-h-16 max-w-6xl items-center gap-1.5 px-2 sm:gap-3 sm:px-6">
        {isHome ? null : (
          <button
            type="button"
            aria-label="Back"
            onClick={goBack}
            className={buttonClasses({ variant: 'ghost', size: 'icon' })}
          >
            <ArrowLeft className={iconClass} aria-hidden="true" />
          </button>
        )}

        <Link
          to={paths.home.getHref()}
          className="flex min-h-11 min-w-0 items-center gap-2.5 rounded-xl px-1 focus-visible:outline-3 focus-visible:outline-red-600 dark:focus-visible:outline-red-400"
        >
          <LogoMark className="size-9" />
          {/* The short title on phones; screen readers always hear the full one. */}
          <span className="text-[17px] leading-tight font-bold tracking-tight whitespace-nowrap text-slate-900 sm:text-lg dark:text-white">
            <span aria-hidden="true" className="sm:hidden">
              {APP_TITLE_SHORT}
            </span>
            <span className="sr-only sm:not-sr-only">{APP_TITLE}</span>
          </span>
        </Link>

        <div className="ml-auto flex items-center gap-1">
          {signedIn ? (
            <p className="mr-2 hidden items-center gap-2 text-base font-semibold text-slate-800 lg:flex dark:text-slate-100">
              {greetingFor(user)}
              {isPremium ? <PremiumBadge /> : null}
            </p>
          ) : null}

          <nav aria-label="Quick actions" className="hidden items-center gap-1 md:flex">
            {onUpgrade && !isPremium ? (
              <button type="button" onClick={onUpgrade} title="See the plans" className={upgradeButtonClass}>
                <Crown className={iconClass} aria-hidden="true" />
                <span className="sr-only lg:not-sr-only">Go Premium</span>
              </button>
            ) : null}
            <Link
              to={paths.shop.getHref()}
              aria-label="QR Merch Shop"
              title="QR Merch Shop"
              className={buttonClasses({ variant: 'ghost', size: 'icon' })}
            >
              <ShoppingBag className={iconClass} aria-hidden="true" />
            </Link>
            <button
              type="button"
              aria-label="Toggle theme"
              title={theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
              onClick={onToggleTheme}
              className={buttonClasses({ variant: 'ghost', size: 'icon' })}
            >
              {theme === 'dark' ? (
                <Sun className={iconClass} aria-hidden="true" />
              ) : (
                <Moon className={iconClass} aria-hidden="true" />
              )}
            </button>
            {onShare ? (
              <button
                type="button"
                aria-label="Share"
                title="Share this page"
                onClick={onShare}
                className={buttonClasses({ variant: 'ghost', size: 'icon' })}
              >
                <Share2 className={iconClass} aria-hidden="true" />
              </button>
            ) : null}
            {signedIn && cartCount !== undefined ? (
              <Link
                to={paths.cart.getHref()}
                aria-label={cartLabel(cartCount)}
                title="Cart"
                className={buttonClasses({ variant: 'ghost', size: 'icon' })}
              >
                <ShoppingCart className={iconClass} aria-hidden="true" />
                {cartCount > 0 ? <CountBadge count={cartCount} className="absolute -top-0.5 -right-0.5" /> : null}
              </Link>
            ) : null}
            {signedIn ? (
              <UserMenu onLogout={onLogout} />
            ) : (
              <Link
                to={paths.home.getHref({ login: true })}
                aria-label="Login"
                className={buttonClasses({ variant: 'secondary', className: 'ml-1 px-3.5' })}
              >
                <LogIn className="size-5" aria-hidden="true" />
                <span className="hidden lg:inline">Login</span>
              </Link>
            )}
          </nav>

          <MobileMenu {...props} className="md:hidden" />
        </div>
      </div>
    </header>
  );
}
