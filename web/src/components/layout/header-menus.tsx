import { CircleUserRound, Menu } from 'lucide-react';
import { lazy, type ComponentProps, type ComponentType } from 'react';
import { AfterFirstPaint } from '../ui/after-first-paint';
import { buttonClasses } from '../ui/button';

// The menus' dialog and dropdown code loads beside the page rather than before its first paint: until it arrives each
// button is drawn in its place, inert and hidden from assistive technology, so nothing moves when the real one comes.
const LazyMobileMenu = lazy(() => import('./mobile-menu').then((module) => ({ default: module.MobileMenu })));
const LazyUserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

function Placeholder({ icon: Icon, className }: { icon: ComponentType<{ className?: string }>; className?: string }) {
  return (
    <span aria-hidden="true" className={buttonClasses({ variant: 'ghost', size: 'icon', className })}>
      <Icon className="size-6" />
    </span>
  );
}

/** The small-screen menu (mobile-menu.tsx), loaded on demand. */
export function MobileMenu(props: ComponentProps<typeof LazyMobileMenu>) {
  return (
    <AfterFirstPaint placeholder={<Placeholder icon={Menu} className={props.className} />}>
      <LazyMobileMenu {...props} />
    </AfterFirstPaint>
  );
}

/** The signed-in user's menu on wide screens (user-menu.tsx), loaded on demand. */
export function UserMenu(props: ComponentProps<typeof LazyUserMenu>) {
  return (
    <AfterFirstPaint placeholder={<Placeholder icon={CircleUserRound} />}>
      <LazyUserMenu {...props} />
    </AfterFirstPaint>
  );
}
