export {
  dismissNotification,
  errorToastsCleared,
  notificationsSlice,
  notify,
  resolveDuration,
  selectNotifications,
  type Notification,
  type NotificationAction,
  type NotificationType,
  type NotifyInput,
} from './notifications-slice';
export { Toaster } from './toaster';
export { useCopyLink } from './use-copy-link';
