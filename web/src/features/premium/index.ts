export { HousePromo } from './house-promo';
export { PaymentResultScreen } from './payment-result-screen';
export { PAYMENT_POLL } from './poll';
export {
  premiumApi,
  useActivatePremiumMutation,
  useGetPremiumStatusQuery,
  useGetSubscriptionDetailsQuery,
} from './premium-api';
export { PricingDialog, type PricingDialogProps } from './pricing-dialog';
export { pricingDialogSlice } from './pricing-dialog-slice';
export { PricingPlans, type PricingPlansProps } from './pricing-plans';
export { SubscribeScreen } from './subscribe-screen';
export { SubscriptionCard } from './subscription-card';
export { usePricingDialog } from './use-pricing-dialog';
