import type {
  Blueprint,
  Country,
  MapsConfig,
  MockupResponse,
  MockupTag,
  PrintProvider,
  ShippingResponse,
  TaggedMockupResponse,
  VariantsResponse,
} from '@medical-qr/contracts';
import { api } from '../../lib/api';

/** What a mockup is made of: the product, its maker, the variant and the QR code's size on the print area. */
export interface MockupRequest {
  blueprintId: number;
  printProviderId: number;
  variantId: number;
  /** 0 to 1 in steps of 0.01. */
  scale: number;
}

export interface ProviderRef {
  blueprintId: number;
  printProviderId: number;
}

const blueprintPath = (blueprintId: number) => `/api/printify/blueprints/${blueprintId}`;
const providerPath = ({ blueprintId, printProviderId }: ProviderRef) =>
  `${blueprintPath(blueprintId)}/print-providers/${printProviderId}`;

/**
 * The shop's catalog (SPEC section 7, "Cart, shop, orders"): the products the server keeps in the shop, their print
 * providers, in-stock variants and shipping, the countries shipped to, the maps key, and the mockups that show the
 * user's QR code on a product. The catalog changes rarely: it is kept for the visit.
 */
export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBlueprints: build.query<Blueprint[], void>({ query: () => '/api/printify/blueprints' }),
    /** 404 when the product is not in the shop. */
    getBlueprint: build.query<Blueprint, number>({ query: blueprintPath }),
    getPrintProviders: build.query<PrintProvider[], number>({
      query: (blueprintId) => `${blueprintPath(blueprintId)}/print-providers`,
    }),
    getVariants: build.query<VariantsResponse, ProviderRef>({ query: (ref) => `${providerPath(ref)}/variants` }),
    getShipping: build.query<ShippingResponse, ProviderRef>({ query: (ref) => `${providerPath(ref)}/shipping` }),
    /** Already ordered: CA, US, GB and IN first, then by name. */
    getCountries: build.query<Country[], void>({ query: () => '/api/countries' }),
    getMapsConfig: build.query<MapsConfig, void>({ query: () => '/api/config/google-maps-key' }),
    /** A preview of the user's code on the product, with the provider's cost of one item. 403 without an active code. */
    generateMockup: build.mutation<MockupResponse, MockupRequest>({
      query: (body) => ({ url: '/api/printify/generate-mockup', method: 'POST', body }),
    }),
    /** The product a cart line or a quick checkout orders: kept by the server when previews are cleaned up. */
    generateTaggedMockup: build.mutation<TaggedMockupResponse, MockupRequest & { tag: MockupTag }>({
      query: (body) => ({ url: '/api/printify/generate-mockup-with-tag', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetBlueprintsQuery,
  useGetBlueprintQuery,
  useGetPrintProvidersQuery,
  useGetVariantsQuery,
  useGetShippingQuery,
  useGetCountriesQuery,
  useGetMapsConfigQuery,
  useGenerateMockupMutation,
  useGenerateTaggedMockupMutation,
} = catalogApi;
