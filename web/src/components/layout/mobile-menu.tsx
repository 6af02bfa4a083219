import * as Dialog from '@radix-ui/react-dialog';
import {
  Crown,
  History,
  LogIn,
  LogOut,
  Mail,
  Menu,
  Moon,
  Package,
  Phone,
  ScanLine,
  Share2,
  ShoppingBag,
  ShoppingCart,
  Sun,
  UserRound,
  X,
} from 'lucide-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { buttonClasses, CountBadge } from '../ui/button';
import { LogoMark } from '../ui/logo-mark';
import { cartLabel, greetingFor, type HeaderProps } from './header-props';
import { PremiumBadge } from './premium-badge';

type Icon = ComponentType<{ className?: string }>;

type MenuEntry =
  | {
      kind: 'item';
      label: string;
      icon: Icon;
      /** A route to open, or an action to run. */
      to?: string;
      onSelect?: () => void;
      ariaLabel?: string;
      trailing?: ReactNode;
      tone?: 'primary' | 'destructive' | 'premium';
    }
  | { kind: 'divider' };

/** The entries SPEC section 2 lists for the small-screen menu, in its order. */
function menuEntries(props: HeaderProps): MenuEntry[] {
  const { user, isPremium = false, theme, onToggleTheme, onShare, cartCount, onLogout, onUpgrade } = props;
  const signedIn = user !== null;
  const scannerEnabled = props.scannerEnabled ?? true;
  const historyEnabled = props.historyEnabled ?? true;
  const entries: MenuEntry[] = [];

  entries.push(
    theme === 'dark'
      ? { kind: 'item', label: 'Light Mode', icon: Sun, onSelect: onToggleTheme }
      : { kind: 'item', label: 'Dark Mode', icon: Moon, onSelect: onToggleTheme },
  );
  if (scannerEnabled) entries.push({ kind: 'item', label: 'QR Scanner', icon: ScanLine, to: paths.scanner.getHref() });
  if (onShare) entries.push({ kind: 'item', label: 'Share', icon: Share2, onSelect: onShare });
  entries.push({ kind: 'item', label: 'QR Merch Shop', icon: ShoppingBag, to: paths.shop.getHref() });
  if (signedIn && cartCount !== undefined) {
    entries.push({
      kind: 'item',
      label: 'Cart',
      icon: ShoppingCart,
      to: paths.cart.getHref(),
      // The count is read as words ("Cart, 1 item") and shown as a badge: the name holds the visible text.
      trailing:
        cartCount > 0 ? (
          <>
            <span className="sr-only">{cartLabel(cartCount).slice('Cart'.length)}</span>
            <CountBadge count={cartCount} className="ml-auto" />
          </>
        ) : null,
    });
  }
  if (signedIn) {
    entries.push({ kind: 'item', label: 'My Orders', icon: Package, to: paths.myOrders.getHref() });
    entries.push({ kind: 'item', label: 'My Account', icon: UserRound, to: paths.myAccount.getHref() });
  }
  if (signedIn && historyEnabled) {
    entries.push({
      kind: 'item',
      label: 'History',
      icon: History,
      to: paths.history.getHref(),
      trailing: isPremium ? null : (
        <Crown className="ml-auto size-5 text-amber-500" aria-label="Premium feature" role="img" />
      ),
    });
  }
  if (onUpgrade && !isPremium) {
    entries.push({ kind: 'item', label: 'Go Premium', icon: Crown, onSelect: onUpgrade, tone: 'premium' });
  }
  entries.push({ kind: 'divider' });
  if (signedIn) {
    entries.push({ kind: 'item', label: 'Contact Us', icon: Mail, to: paths.contactUs.getHref() });
    entries.push({ kind: 'item', label: 'Logout', icon: LogOut, onSelect: onLogout, tone: 'destructive' });
  } else {
    entries.push({
      kind: 'item',
      label: 'Login',
      icon: LogIn,
      to: paths.home.getHref({ login: true }),
      tone: 'primary',
    });
  }
  return entries;
}

const entryClass =
  'flex min-h-12 w-full items-center gap-3.5 rounded-xl px-3 text-left text-base font-medium transition-colors ' +
  'focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-red-600 dark:focus-visible:outline-red-400';

/** The small-screen menu: a modal panel from the right. Choosing any entry closes it. */
export function MobileMenu(props: HeaderProps & { className?: string }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label="Open menu"
        className={buttonClasses({ variant: 'ghost', size: 'icon', className: props.className })}
      >
        <Menu className="size-6" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay-fade fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          aria-describedby={undefined}
          className={cn(
            'panel-slide fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-white shadow-2xl outline-none',
            'pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)] dark:bg-slate-900 dark:ring-1 dark:ring-slate-800',
          )}
        >
          <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
            <LogoMark className="size-9" />
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-xs font-bold tracking-[0.12em] text-slate-500 uppercase dark:text-slate-400">
                Menu
              </Dialog.Title>
              {props.user ? (
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-lg font-bold text-slate-900 dark:text-white">
                  <span className="truncate">{greetingFor(props.user)}</span>
                  {props.isPremium ? <PremiumBadge /> : null}
                </p>
              ) : (
                <p className="text-lg font-bold text-slate-900 dark:text-white">Medical QR</p>
              )}
            </div>
            <Dialog.Close aria-label="Close menu" className={buttonClasses({ variant: 'ghost', size: 'icon' })}>
              <X className="size-6" aria-hidden="true" />
            </Dialog.Close>
          </div>

          <nav aria-label="Menu" className="flex-1 overflow-y-auto px-3 py-3">
            <ul className="flex flex-col gap-1">
              {menuEntries(props).map((entry, index) =>
                entry.kind === 'divider' ? (
                  <li
                    key={`divider-${index}`}
                    aria-hidden="true"
                    className="my-2 h-px bg-slate-200 dark:bg-slate-800"
                  />
                ) : (
                  <li key={entry.label}>
                    <MenuItem entry={entry} onChosen={close} />
                  </li>
                ),
              )}
            </ul>
          </nav>

          <p className="m-3 flex items-start gap-2.5 rounded-xl bg-red-50 p-3.5 text-sm font-medium text-red-900 dark:bg-red-950/50 dark:text-red-200">
            <Phone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            In a medical emergency, call 911 or your local emergency number first.
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const toneClasses = {
  default: 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800',
  primary: 'mt-1 justify-center bg-red-600 font-semibold text-white shadow-sm hover:bg-red-700 active:bg-red-800',
  destructive: 'text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/60',
  premium: 'font-semibold text-amber-900 hover:bg-amber-50 dark:text-amber-300 dark:hover:bg-amber-950/50',
};

function MenuItem({ entry, onChosen }: { entry: Extract<MenuEntry, { kind: 'item' }>; onChosen: () => void }) {
  const { label, icon: Icon, to, onSelect, ariaLabel, trailing, tone } = entry;
  const className = cn(entryClass, toneClasses[tone ?? 'default']);
  const content = (
    <>
      <Icon className={cn('size-5 shrink-0', tone ? '' : 'text-slate-500 dark:text-slate-400')} aria-hidden="true" />
      <span>{label}</span>
      {trailing}
    </>
  );
  const choose = () => {
    onChosen();
    onSelect?.();
  };

  return to ? (
    <Link to={to} aria-label={ariaLabel} className={className} onClick={choose}>
      {content}
    </Link>
  ) : (
    <button type="button" aria-label={ariaLabel} className={className} onClick={choose}>
      {content}
    </button>
  );
}
