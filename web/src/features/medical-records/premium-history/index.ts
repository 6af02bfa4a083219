export { PremiumHistoryScreen } from './premium-history-screen';
