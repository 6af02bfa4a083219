import type {
  CancelSubscriptionResponse,
  CreateSubscriptionResponse,
  PremiumStatus,
  SubscriptionDetails,
} from '@medical-qr/contracts';
import { api } from '../../lib/api';

/**
 * After a change of premium, everything it touches is asked again (SPEC section 7: the dashboard and the active
 * record refresh): premium status, the subscription, the account (its premium badge) and the records (expiry lifted
 * or back).
 */
const PREMIUM_CHANGED = ['Premium', 'Subscription', 'User', 'MedicalRecord'] as const;

/** The gateway's premium and subscription endpoints (SPEC section 7, "Premium and subscription"). */
export const premiumApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPremiumStatus: build.query<PremiumStatus, void>({
      query: () => '/api/premium/status',
      providesTags: ['Premium'],
      keepUnusedDataFor: 0,
    }),
    /** The signed-in user's subscription; 404 when they have none. */
    getSubscriptionDetails: build.query<SubscriptionDetails, void>({
      query: () => '/api/subscription/details',
      providesTags: ['Subscription'],
      keepUnusedDataFor: 0,
    }),
    /** Starts (or finds) the user's subscription; its first invoice's client secret is what the card form confirms. */
    createSubscription: build.mutation<CreateSubscriptionResponse, void>({
      query: () => ({ url: '/api/create-subscription', method: 'POST', body: {} }),
    }),
    /** Asks the server to check the payment with the provider (it never takes the browser's word for it). */
    activatePremium: build.mutation<PremiumStatus, void>({
      query: () => ({ url: '/api/activate-premium', method: 'POST', body: {} }),
      invalidatesTags: [...PREMIUM_CHANGED],
    }),
    cancelSubscription: build.mutation<CancelSubscriptionResponse, void>({
      query: () => ({ url: '/api/subscription/cancel', method: 'POST', body: {} }),
      invalidatesTags: (result) => (result ? [...PREMIUM_CHANGED] : ['Subscription']),
    }),
    resumeSubscription: build.mutation<SubscriptionDetails, void>({
      query: () => ({ url: '/api/subscription/resume', method: 'POST', body: {} }),
      invalidatesTags: (result) => (result ? [...PREMIUM_CHANGED] : ['Subscription']),
    }),
  }),
});

export const {
  useGetPremiumStatusQuery,
  useLazyGetPremiumStatusQuery,
  useGetSubscriptionDetailsQuery,
  useCreateSubscriptionMutation,
  useActivatePremiumMutation,
  useCancelSubscriptionMutation,
  useResumeSubscriptionMutation,
} = premiumApi;
