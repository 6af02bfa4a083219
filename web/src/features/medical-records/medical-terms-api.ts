import type { MedicalTermCategory, MedicalTermsResponse } from '@medical-qr/contracts';
import { api } from '../../lib/api';

export interface MedicalTermsSearch {
  search: string;
  category: MedicalTermCategory;
  limit: number;
}

/**
 * The curated list the form's pickers search (`GET /api/medical-terms`), in English, the names the form adds. The
 * list does not change during a visit: each search is kept, so typing back to an earlier one asks nothing.
 */
export const medicalTermsApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchMedicalTerms: build.query<MedicalTermsResponse, MedicalTermsSearch>({
      query: ({ search, category, limit }) => ({
        url: '/api/medical-terms',
        params: { search, category, lang: 'en', limit },
      }),
    }),
  }),
});

export const { useSearchMedicalTermsQuery } = medicalTermsApi;
