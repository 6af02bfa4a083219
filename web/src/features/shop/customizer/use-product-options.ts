import type { PrintProvider, ShippingProfile, Variant } from '@medical-qr/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useGetPrintProvidersQuery, useGetShippingQuery, useGetVariantsQuery } from '../catalog-api';

export interface ProductOptions {
  providers: PrintProvider[];
  provider: PrintProvider | undefined;
  variants: Variant[];
  variant: Variant | undefined;
  /** Shipping profiles of the chosen provider; undefined while they load. */
  profiles: ShippingProfile[] | undefined;
  loading: boolean;
  /** Providers, variants or shipping could not be loaded. */
  failed: boolean;
  retry: () => void;
  chooseProvider: (id: number) => void;
  chooseVariant: (id: number) => void;
}

/**
 * The product's print providers and the chosen one's in-stock variants and shipping. The first provider and the
 * first variant are taken until the person chooses (SPEC section 4); an edited cart line starts from its own, as
 * long as they are still offered. Only data for the current choice is used, never the previous provider's.
 */
export function useProductOptions(
  blueprintId: number,
  initial?: { printProviderId: number; variantId: number },
): ProductOptions {
  const [chosenProviderId, setChosenProviderId] = useState(initial?.printProviderId);
  const [chosenVariantId, setChosenVariantId] = useState(initial?.variantId);

  const providersQuery = useGetPrintProvidersQuery(blueprintId);
  const providers = providersQuery.currentData ?? [];
  const provider = providers.find((candidate) => candidate.id === chosenProviderId) ?? providers[0];

  const ref = provider ? { blueprintId, printProviderId: provider.id } : skipToken;
  const variantsQuery = useGetVariantsQuery(ref);
  const shippingQuery = useGetShippingQuery(ref);
  const variants = variantsQuery.currentData?.variants ?? [];
  const variant = variants.find((candidate) => candidate.id === chosenVariantId) ?? variants[0];

  const queries = [providersQuery, variantsQuery, shippingQuery];
  return {
    providers,
    provider,
    variants,
    variant,
    profiles: shippingQuery.currentData?.profiles,
    loading: queries.some((query) => query.isFetching),
    failed: queries.some((query) => query.isError),
    retry: () => {
      for (const query of queries) if (query.isError) void query.refetch();
    },
    chooseProvider: (id) => {
      setChosenProviderId(id);
      // The new provider's own first variant, once its list is in.
      setChosenVariantId(undefined);
    },
    chooseVariant: setChosenVariantId,
  };
}
