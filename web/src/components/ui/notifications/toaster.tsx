import * as Toast from '@radix-ui/react-toast';
import { CircleCheck, CircleX, HeartPulse, Info, Siren, TriangleAlert, X } from 'lucide-react';
import { useEffect, useState, type ComponentType } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { cn } from '../../../lib/cn';
import { runNotificationAction } from './notification-actions';
import {
  DEFAULT_DURATION_MS,
  dismissNotification,
  PROGRESS_TICK_MS,
  selectNotifications,
  SWIPE_THRESHOLD_PX,
  TOAST_HOTKEY,
  type Notification,
  type NotificationType,
} from './notifications-slice';

interface TypeStyle {
  icon: ComponentType<{ className?: string }>;
  /** Card surface and text. */
  surface: string;
  /** Icon colour. */
  iconClass: string;
  /** Left edge and countdown bar. */
  accent: string;
  /** Errors and emergencies interrupt screen readers; the rest wait their turn. */
  urgency: 'foreground' | 'background';
}

const neutralSurface =
  'border border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-50';

const TYPE_STYLES: Record<NotificationType, TypeStyle> = {
  success: {
    icon: CircleCheck,
    surface: neutralSurface,
    iconClass: 'text-emerald-600 dark:text-emerald-400',
    accent: 'bg-emerald-500',
    urgency: 'background',
  },
  error: {
    icon: CircleX,
    surface: neutralSurface,
    iconClass: 'text-red-600 dark:text-red-400',
    accent: 'bg-red-600',
    urgency: 'foreground',
  },
  warning: {
    icon: TriangleAlert,
    surface: neutralSurface,
    iconClass: 'text-amber-600 dark:text-amber-400',
    accent: 'bg-amber-500',
    urgency: 'foreground',
  },
  info: {
    icon: Info,
    surface: neutralSurface,
    iconClass: 'text-sky-600 dark:text-sky-400',
    accent: 'bg-sky-500',
    urgency: 'background',
  },
  medical: {
    icon: HeartPulse,
    surface: neutralSurface,
    iconClass: 'text-teal-600 dark:text-teal-400',
    accent: 'bg-teal-500',
    urgency: 'background',
  },
  emergency: {
    icon: Siren,
    surface: 'border border-red-700 bg-red-600 text-white dark:border-red-500 dark:bg-red-700',
    iconClass: 'text-white',
    accent: 'bg-white/80',
    urgency: 'foreground',
  },
};

/** Renders the notifications from the store: one at a time, under the header on the right (at the bottom on phones), F8 to reach them. */
export function Toaster() {
  const notifications = useAppSelector(selectNotifications);
  const dispatch = useAppDispatch();

  return (
    <Toast.Provider
      duration={DEFAULT_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {notifications.map((notification) => (
        <NotificationToast
          key={notification.id}
          notification={notification}
          onDismiss={() => dispatch(dismissNotification(notification.id))}
        />
      ))}
      {/* Never over the header, a dialog's close button or a screen's title: at the bottom on phones, at the bottom
          right on wider screens (under the header they covered the top of the dashboard's code panel). */}
      <Toast.Viewport
        hotkey={TOAST_HOTKEY}
        label="Notifications ({hotkey})"
        className={cn(
          'fixed inset-x-0 bottom-0 z-[100] m-0 flex list-none flex-col gap-2 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] outline-none',
          'sm:left-auto sm:w-full sm:max-w-[26rem] sm:p-4 sm:pb-[max(1rem,env(safe-area-inset-bottom))]',
        )}
      />
    </Toast.Provider>
  );
}

function NotificationToast({ notification, onDismiss }: { notification: Notification; onDismiss: () => void }) {
  const { id, type, title, description, duration, open, actionLabel } = notification;
  const style = TYPE_STYLES[type];
  const Icon = style.icon;
  const [paused, setPaused] = useState(false);
  const [elapsed, setElapsed] = useState(0);

  // The countdown bar; Radix pauses its own timer on hover, focus and window blur, and so do we.
  useEffect(() => {
    if (!open || paused) return;
    const timer = window.setInterval(() => {
      setElapsed((value) => Math.min(duration, value + PROGRESS_TICK_MS));
    }, PROGRESS_TICK_MS);
    return () => window.clearInterval(timer);
  }, [open, paused, duration]);

  const remaining = Math.max(0, 1 - elapsed / duration);

  return (
    <Toast.Root
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onDismiss();
      }}
      duration={duration}
      type={style.urgency}
      onPause={() => setPaused(true)}
      onResume={() => setPaused(false)}
      data-type={type}
      className={cn(
        // Clickable while a modal dialog has switched pointer events off on the page behind it.
        'toast pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-2xl py-3.5 pr-2 pl-4 shadow-xl shadow-slate-900/10 dark:shadow-black/40',
        style.surface,
      )}
    >
      {type === 'emergency' ? null : (
        <span aria-hidden="true" className={cn('absolute inset-y-0 left-0 w-1.5', style.accent)} />
      )}
      <Icon className={cn('mt-0.5 size-6 shrink-0', style.iconClass)} aria-hidden="true" />
      <div className="min-w-0 flex-1 pt-0.5 [overflow-wrap:anywhere]">
        <Toast.Title className="text-base leading-snug font-bold">{title}</Toast.Title>
        {description ? (
          <Toast.Description
            className={cn(
              'mt-0.5 text-[15px] leading-snug',
              type === 'emergency' ? 'text-red-50' : 'text-slate-600 dark:text-slate-300',
            )}
          >
            {description}
          </Toast.Description>
        ) : null}
        {actionLabel ? (
          <Toast.Action
            altText={actionLabel}
            onClick={() => runNotificationAction(id)}
            className={cn(
              'mt-2 inline-flex min-h-11 items-center rounded-xl px-4 text-[15px] font-semibold transition-colors',
              'focus-visible:outline-3 focus-visible:outline-offset-2',
              type === 'emergency'
                ? 'bg-white text-red-700 hover:bg-red-50 focus-visible:outline-white'
                : 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600 dark:focus-visible:outline-red-400',
            )}
          >
            {actionLabel}
          </Toast.Action>
        ) : null}
      </div>
      <Toast.Close
        aria-label="Dismiss notification"
        className={cn(
          '-my-1 inline-flex size-11 shrink-0 items-center justify-center rounded-xl transition-colors',
          'focus-visible:outline-3 focus-visible:outline-offset-[-3px]',
          type === 'emergency'
            ? 'text-white hover:bg-white/15 focus-visible:outline-white'
            : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-red-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
        )}
      >
        <X className="size-5" aria-hidden="true" />
      </Toast.Close>
      <span aria-hidden="true" className="absolute right-0 bottom-0 left-0 h-1 bg-black/5 dark:bg-white/10">
        <span
          data-testid="toast-progress"
          className={cn('block h-full transition-[width] duration-100 ease-linear', style.accent)}
          style={{ width: `${remaining * 100}%` }}
        />
      </span>
    </Toast.Root>
  );
}
