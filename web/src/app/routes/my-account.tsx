import { ChevronRight, Crown, History, Search, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Fact } from '../../components/ui/fact';
import { ScreenLoading } from '../../components/ui/screen-loading';
import { useAuth, type CurrentUser } from '../../features/auth';
import { HealthLinksPanel } from '../../features/health-links';
import { SubscriptionCard } from '../../features/premium';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate } from '../../lib/format-date';
import { paths } from '../../lib/paths';
import { PREMIUM_PRICE } from '../../lib/plans';
import { SignInRequired } from './sign-in-required';
import { TitledPanel } from '../../components/ui/titled-panel';

/** SPEC section 2, "My Account": the account type as the screen names it. */
export function accountTypeOf(user: Pick<CurrentUser, 'isTemporary'>, isPremium: boolean): string {
  if (isPremium) return 'Premium';
  return user.isTemporary ? 'Free - Trial' : 'Logged In';
}

/**
 * /my-account (SPEC section 2, "My Account"): health links to share the record with a hospital (step 18, first: the
 * one thing to do here), the account's facts, the premium subscription card for premium users, and tiles to the
 * history, privacy controls and (not premium yet) the upgrade. Access Denied when signed out.
 */
export function MyAccountRoute() {
  useDocumentTitle('My Account');
  const { user, isPremium, isLoading } = useAuth();

  if (isLoading) return <ScreenLoading label="Loading your account…" />;
  if (!user) return <SignInRequired title="Access Denied" message="Sign in to see your account." />;

  return (
    <div className="mx-auto max-w-4xl px-5 py-8 sm:px-6 md:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">My Account</h1>
      <p className="mt-2 text-base text-slate-600 dark:text-slate-300">Your details, your plan and your data.</p>
      <div className="mt-8 flex flex-col gap-6">
        <HealthLinksPanel />
        <AccountInfo user={user} isPremium={isPremium} />
        {isPremium ? <SubscriptionCard /> : null}
        <nav aria-label="Account shortcuts">
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {accountTiles(isPremium).map((tile) => (
              <Tile key={tile.title} {...tile} />
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}

interface TileProps {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
  featured?: boolean;
}

/** The shortcuts: history and privacy for everyone, then premium's search, or the upgrade for those without it. */
function accountTiles(isPremium: boolean): TileProps[] {
  return [
    {
      to: paths.history.getHref(),
      icon: History,
      title: 'QR Code History',
      text: "Every code you've made, newest first.",
    },
    {
      to: paths.privacy.getHref(),
      icon: ShieldCheck,
      title: 'Privacy controls',
      text: 'Export your data, revoke consent or delete it.',
    },
    isPremium
      ? {
          to: paths.premiumHistory.getHref(),
          icon: Search,
          title: 'Premium QR History',
          text: 'Search, share and download every code.',
        }
      : {
          to: paths.subscribe.getHref(),
          icon: Crown,
          title: 'Upgrade to Premium',
          text: `A code that never expires, for ${PREMIUM_PRICE}.`,
          featured: true,
        },
  ];
}

function AccountInfo({ user, isPremium }: { user: CurrentUser; isPremium: boolean }) {
  return (
    <TitledPanel title="Account information">
      <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Fact label="Full name">{`${user.firstName} ${user.lastName}`.trim() || 'Not added'}</Fact>
        <Fact label="Account type">{accountTypeOf(user, isPremium)}</Fact>
        <Fact label="Email" className="sm:col-span-2">
          <span className="[overflow-wrap:anywhere]">{user.email}</span>
        </Fact>
        <Fact label="Phone">{user.phoneNumber || 'Not added'}</Fact>
        <Fact label="Member since">{formatDate(user.createdAt)}</Fact>
      </dl>
    </TitledPanel>
  );
}

function Tile({ to, icon: Icon, title, text, featured = false }: TileProps) {
  return (
    <li className="flex">
      <Link
        to={to}
        className={
          'group flex w-full items-center gap-4 rounded-2xl border bg-white p-4 shadow-sm transition-colors hover:bg-slate-50 ' +
          'dark:bg-slate-900 dark:hover:bg-slate-800 ' +
          (featured ? 'border-amber-300 dark:border-amber-500/60' : 'border-slate-200 dark:border-slate-800')
        }
      >
        <span
          className={
            'flex size-11 shrink-0 items-center justify-center rounded-xl ' +
            (featured
              ? 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300'
              : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200')
          }
        >
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-base font-bold text-slate-900 dark:text-white">{title}</span>
          <span className="mt-0.5 block text-sm leading-snug text-slate-600 dark:text-slate-400">{text}</span>
        </span>
        <ChevronRight
          className="size-5 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </Link>
    </li>
  );
}
