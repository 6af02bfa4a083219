export { CardMessages } from './card-fields';
export { CardPaymentForm, PaymentFormLoading } from './card-payment-form';
export type { CardPaymentFormProps } from './payment-form-props';
export { PaymentDetailsPanel } from './payment-details-panel';
export { paymentFailureReason } from './payment-intent-lookup';
export { PAYMENT_NOT_COMPLETED } from './stand-in-payments';
export { useGetStripeKeyQuery, useLazyGetStripeKeyQuery } from './stripe-key-api';
