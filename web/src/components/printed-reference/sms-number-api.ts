import type { SmsNumberConfig } from '@medical-qr/contracts';
import { api } from '../../lib/api';

/** The service's SMS number, shared by every screen that shows a code's printed reference (codes, printed tags). */
export const smsNumberApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The number a responder without data texts a reference to; null when SMS is not set up. */
    getSmsNumber: build.query<SmsNumberConfig, void>({
      query: () => '/api/config/sms-number',
    }),
  }),
});

export const { useGetSmsNumberQuery } = smsNumberApi;
