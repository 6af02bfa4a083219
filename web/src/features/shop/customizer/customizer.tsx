import {
  QR_SCALE_DEFAULT,
  ShopMessages,
  shippingProfileFor,
  type Blueprint,
  type CartItem,
} from '@medical-qr/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { panel } from '../../../components/ui/panel';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useGetCountriesQuery, useGetMapsConfigQuery } from '../catalog-api';
import { QuantitySelect } from '../quantity-select';
import { AddressFields } from './address-fields';
import type { LineChoices } from './cart-line';
import { CountryPicker } from './country-picker';
import { MockupPreview } from './mockup-preview';
import { OptionsSection } from './options-section';
import { OrderButtons } from './order-buttons';
import { orderReadiness } from './order-readiness';
import { PriceSummary } from './price-summary';
import { ProductChoices } from './product-choices';
import { QrScaleSlider } from './qr-scale-slider';
import { EMPTY_ADDRESS, type ShippingAddress } from './shipping-address';
import { useMockupCleanup } from './use-mockup-cleanup';
import { useMockupPreview } from './use-mockup-preview';
import { useOrderActions } from './use-order-actions';
import { useProductOptions } from './use-product-options';
import { useSavedAddress } from './use-saved-address';
import { PageTitle } from '../../../components/ui/page-title';

export interface CustomizerProps {
  blueprint: Blueprint;
  isPremium: boolean;
  /** The cart line being edited (`?cartItemId=`): its choices come back, and saving replaces it. */
  editing?: CartItem;
}

const addressOf = (item: CartItem): ShippingAddress => ({
  line1: item.shippingAddressLine1,
  line2: item.shippingAddressLine2,
  city: item.shippingCity,
  state: item.shippingState,
  postalCode: item.shippingPostalCode,
});

/** The QR code's size as an edited line stored it, or the default when it cannot be read. */
const scaleOf = (item: CartItem | undefined) => {
  const scale = item ? Number(item.qrScale) : Number.NaN;
  return Number.isFinite(scale) && scale >= 0 && scale <= 1 ? scale : QR_SCALE_DEFAULT;
};

/**
 * The customizer (SPEC sections 2, 4 and 5) for a signed-in person: the preview of their code on the product and
 * its size, the print provider and variant, the quantity, the country and address to ship to, the price, and Add to
 * Cart (Update Cart when editing) or Quick Checkout once everything is there.
 */
export function Customizer({ blueprint, isPremium, editing }: CustomizerProps) {
  const options = useProductOptions(
    blueprint.id,
    editing ? { printProviderId: editing.printProviderId, variantId: editing.variantId } : undefined,
  );
  // An edited line shows its own picture and price (its base cost is half its unit price) until a new preview is in.
  const mockup = useMockupPreview(
    editing ? { urls: editing.mockupUrl ? [editing.mockupUrl] : [], cost: Math.round(editing.unitPrice / 2) } : null,
  );
  useMockupCleanup(mockup.requested);
  const actions = useOrderActions({ editingItemId: editing?.id });
  const countries = useGetCountriesQuery();
  const mapsConfig = useGetMapsConfigQuery();

  const [scale, setScale] = useState(() => scaleOf(editing));
  const [quantity, setQuantity] = useState(editing?.quantity ?? 1);
  const [countryCode, setCountryCode] = useState(editing?.countryCode ?? '');
  const [address, setAddress] = useState<ShippingAddress>(() => (editing ? addressOf(editing) : EMPTY_ADDRESS));
  const fillAddress = useCallback((code: string, saved: ShippingAddress) => {
    setCountryCode(code);
    setAddress(saved);
  }, []);
  const prefilled = useSavedAddress(Boolean(editing), countryCode, fillAddress);

  const { provider, variant } = options;
  const { generateNow, generateAfterPause } = mockup;
  const currentScale = useRef(scale);
  useEffect(() => {
    currentScale.current = scale;
  }, [scale]);
  // A new variant (or the first one, once the options are in) is previewed at once.
  const providerId = provider?.id;
  const variantId = variant?.id;
  useEffect(() => {
    if (providerId === undefined || variantId === undefined) return;
    generateNow({ blueprintId: blueprint.id, printProviderId: providerId, variantId, scale: currentScale.current });
  }, [blueprint.id, providerId, variantId, generateNow]);

  const changeScale = (next: number) => {
    setScale(next);
    if (provider && variant) {
      generateAfterPause({
        blueprintId: blueprint.id,
        printProviderId: provider.id,
        variantId: variant.id,
        scale: next,
      });
    }
  };
  // A new country has other addresses: what was typed for the last one is cleared (SPEC section 5).
  const changeCountry = (code: string) => {
    setCountryCode(code);
    setAddress(EMPTY_ADDRESS);
  };

  const profile =
    variant && countryCode && options.profiles
      ? shippingProfileFor(options.profiles, variant.id, countryCode)
      : undefined;
  const shipping = !variant || !countryCode || !options.profiles ? 'unknown' : profile ? 'available' : 'unavailable';
  const baseCost = mockup.preview?.cost ?? null;
  const readiness = orderReadiness({
    variantId: variant?.id,
    countryCode,
    baseCost,
    address,
    hasMockup: (mockup.preview?.urls.length ?? 0) > 0,
    generating: mockup.generating,
    pending: actions.pending !== null,
    shipping,
  });
  const choices = (): LineChoices | null =>
    provider && variant
      ? {
          blueprintId: blueprint.id,
          productTitle: blueprint.title,
          printProviderId: provider.id,
          variantId: variant.id,
          variantLabel: variant.title,
          quantity,
          scale,
          countryCode,
          address,
        }
      : null;
  const act = (action: (line: LineChoices) => Promise<void>) => () => {
    const line = choices();
    if (readiness.ready && line) void action(line);
  };

  return (
    <div className="mx-auto max-w-6xl px-5 py-8 sm:px-6 md:py-12">
      <PageTitle eyebrow={editing ? 'Editing your cart item' : 'Customize & order'}>{blueprint.title}</PageTitle>
      {blueprint.brand ? <p className="mt-1 text-base text-slate-600 dark:text-slate-300">{blueprint.brand}</p> : null}

      <div className="mt-8 grid items-start gap-8 lg:grid-cols-2 lg:gap-12">
        <section aria-label="Preview" className="flex flex-col gap-5 lg:sticky lg:top-24">
          <MockupPreview
            preview={mockup.preview}
            productImages={blueprint.images}
            productTitle={blueprint.title}
            generating={mockup.generating}
            refusal={mockup.refusal}
          />
          <QrScaleSlider value={scale} onChange={changeScale} />
        </section>

        <div className={panel('flex flex-col gap-7')}>
          <OptionsSection title="Product">
            {options.failed ? (
              <RetryAlert
                title="Product details unavailable"
                message={ShopMessages.loadProductFailed}
                retryLabel="Retry"
                onRetry={options.retry}
              />
            ) : (
              <ProductChoices options={options} />
            )}
            <QuantitySelect value={quantity} onChange={setQuantity} className="sm:max-w-40" />
          </OptionsSection>

          <OptionsSection title="Ship to">
            {countries.isError ? (
              <RetryAlert
                title="Countries unavailable"
                message="The list of countries could not be loaded."
                retryLabel="Retry"
                onRetry={() => void countries.refetch()}
              />
            ) : (
              <CountryPicker
                countries={countries.data ?? []}
                value={countryCode}
                onChange={changeCountry}
                disabled={!countries.data}
              />
            )}
            {prefilled ? (
              <p className="text-[15px] text-slate-600 dark:text-slate-400">
                Filled in with the address you last shipped to. Change it if this item goes elsewhere.
              </p>
            ) : null}
            <AddressFields
              address={address}
              onChange={setAddress}
              countryCode={countryCode}
              mapsApiKey={mapsConfig.data?.apiKey}
            />
          </OptionsSection>

          <OptionsSection title="Price">
            <PriceSummary
              baseCost={baseCost}
              profile={profile}
              quantity={quantity}
              isPremium={isPremium}
              countryChosen={countryCode !== ''}
              shippingUnavailable={shipping === 'unavailable'}
            />
          </OptionsSection>

          <OrderButtons
            editing={editing !== undefined}
            readiness={readiness}
            pending={actions.pending}
            onSaveToCart={act(actions.saveToCart)}
            onQuickCheckout={act(actions.quickCheckout)}
          />
        </div>
      </div>
    </div>
  );
}
