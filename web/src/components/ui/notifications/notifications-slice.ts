import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { registerNotificationAction } from './notification-actions';

/**
 * Toast notifications (SPEC section 4, "Notifications"). Any feature shows one with
 * `dispatch(notify({ type, title, description?, duration?, action? }))`. It lives with the shared UI,
 * not in a feature, because every feature needs it and features do not import each other.
 */

export const NOTIFICATION_TYPES = ['success', 'error', 'warning', 'info', 'medical', 'emergency'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** At most this many toasts at once; a new one replaces the oldest. */
export const TOAST_LIMIT = 1;
export const DEFAULT_DURATION_MS = 5000;
export const EMERGENCY_DURATION_MS = 8000;
export const MIN_DURATION_MS = 4000;
export const MAX_DURATION_MS = 10000;
/** How often the countdown bar moves. */
export const PROGRESS_TICK_MS = 100;
export const SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

/** A button in the toast, e.g. "Login"; pressing it runs `onClick` and closes the toast. */
export interface NotificationAction {
  label: string;
  onClick: () => void;
}

export interface NotifyInput {
  type: NotificationType;
  title: string;
  description?: string;
  /** Milliseconds on screen; clamped to 4-10 s. Defaults to 5 s, or 8 s for emergencies. */
  duration?: number;
  action?: NotificationAction;
}

export interface Notification {
  id: string;
  type: NotificationType;
  title: string;
  description?: string;
  duration: number;
  /** The label of the toast's button; its handler is kept outside the store. */
  actionLabel?: string;
  /** False once dismissed or timed out; kept until replaced so the exit animation can play. */
  open: boolean;
}

export interface NotificationsState {
  items: Notification[];
}

/** How long a toast stays: the requested time (or the type's default), clamped to 4-10 s. */
export function resolveDuration(type: NotificationType, requested?: number): number {
  const fallback = type === 'emergency' ? EMERGENCY_DURATION_MS : DEFAULT_DURATION_MS;
  const duration = requested !== undefined && Number.isFinite(requested) ? requested : fallback;
  return Math.min(MAX_DURATION_MS, Math.max(MIN_DURATION_MS, duration));
}

const initialState: NotificationsState = { items: [] };

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notify: {
      reducer(state, action: PayloadAction<Notification>) {
        state.items = [action.payload, ...state.items].slice(0, TOAST_LIMIT);
      },
      prepare(input: NotifyInput) {
        const notification: Notification = {
          id: nanoid(),
          type: input.type,
          title: input.title,
          duration: resolveDuration(input.type, input.duration),
          open: true,
        };
        if (input.description) notification.description = input.description;
        if (input.action) {
          notification.actionLabel = input.action.label;
          registerNotificationAction(notification.id, input.action.onClick);
        }
        return { payload: notification };
      },
    },
    dismissNotification(state, action: PayloadAction<string>) {
      const item = state.items.find((notification) => notification.id === action.payload);
      if (item) item.open = false;
    },
    /** An attempt succeeded: an error or warning about an earlier one no longer holds. */
    errorToastsCleared(state) {
      for (const item of state.items) if (item.type === 'error' || item.type === 'warning') item.open = false;
    },
  },
  selectors: {
    selectNotifications: (state) => state.items,
  },
});

export const { notify, dismissNotification, errorToastsCleared } = notificationsSlice.actions;
export const { selectNotifications } = notificationsSlice.selectors;
