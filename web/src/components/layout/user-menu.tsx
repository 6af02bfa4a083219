import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CircleUserRound, History, LogOut, Mail, Package, UserRound } from 'lucide-react';
import type { ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { buttonClasses } from '../ui/button';

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-base font-medium text-slate-800 outline-none ' +
  'data-[highlighted]:bg-slate-100 dark:text-slate-100 dark:data-[highlighted]:bg-slate-800';

const links: Array<{ label: string; to: string; icon: ComponentType<{ className?: string }> }> = [
  { label: 'My Account', to: paths.myAccount.getHref(), icon: UserRound },
  { label: 'History', to: paths.history.getHref(), icon: History },
  { label: 'My Orders', to: paths.myOrders.getHref(), icon: Package },
  { label: 'Contact Us', to: paths.contactUs.getHref(), icon: Mail },
];

/** The signed-in user's menu on wide screens. */
export function UserMenu({ onLogout }: { onLogout?: () => void }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label="User menu" className={buttonClasses({ variant: 'ghost', size: 'icon' })}>
        <CircleUserRound className="size-6" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="menu-pop z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          {links.map(({ label, to, icon: Icon }) => (
            <DropdownMenu.Item key={to} className={itemClass} onSelect={() => navigate(to)}>
              <Icon className="size-5 text-slate-500 dark:text-slate-400" aria-hidden="true" />
              {label}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1.5 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Item
            className={`${itemClass} text-red-700 data-[highlighted]:bg-red-50 dark:text-red-400 dark:data-[highlighted]:bg-red-950/60`}
            onSelect={() => onLogout?.()}
          >
            <LogOut className="size-5" aria-hidden="true" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
