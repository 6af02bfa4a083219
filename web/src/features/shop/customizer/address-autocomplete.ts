import { useEffect, useRef, type RefObject } from 'react';
import type { ShippingAddress } from './shipping-address';

/** The little of Google's Places library the address form uses (its types are not a dependency). */
interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}
interface PlacesAutocomplete {
  addListener: (event: 'place_changed', handler: () => void) => { remove: () => void };
  getPlace: () => { address_components?: AddressComponent[] };
  setComponentRestrictions: (restrictions: { country: string }) => void;
}
interface PlacesLibrary {
  Autocomplete: new (input: HTMLInputElement, options: Record<string, unknown>) => PlacesAutocomplete;
}

const READY_CALLBACK = 'medicalQrMapsReady';
let loading: Promise<PlacesLibrary | null> | null = null;

/** Google's script, added once and only when a maps key is configured; null when it cannot load (offline, blocked). */
function loadPlaces(apiKey: string): Promise<PlacesLibrary | null> {
  loading ??= new Promise((resolve) => {
    const page = window as unknown as Record<string, unknown> & { google?: { maps?: { places?: PlacesLibrary } } };
    page[READY_CALLBACK] = () => resolve(page.google?.maps?.places ?? null);
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&libraries=places&callback=${READY_CALLBACK}`;
    script.async = true;
    script.onerror = () => {
      loading = null;
      resolve(null);
    };
    document.head.append(script);
  });
  return loading;
}

/** A chosen place as the form's fields: street number and route, town, state, postal code. */
function addressOf(components: AddressComponent[]): Partial<ShippingAddress> {
  const part = (type: string, short = false) => {
    const found = components.find((component) => component.types.includes(type));
    return found ? (short ? found.short_name : found.long_name) : '';
  };
  return {
    line1: [part('street_number'), part('route')].filter(Boolean).join(' '),
    city: part('locality') || part('postal_town') || part('sublocality'),
    state: part('administrative_area_level_1', true),
    postalCode: part('postal_code'),
  };
}

/**
 * Address autocomplete on address line 1 (SPEC section 2, "Customize"), from Google Places, loaded on demand only
 * when the server has a maps key; without one (every local run) the fields stay plain and nothing is loaded.
 */
export function useAddressAutocomplete(
  input: RefObject<HTMLInputElement | null>,
  {
    apiKey,
    countryCode,
    onPlace,
  }: { apiKey: string | null | undefined; countryCode: string; onPlace: (address: Partial<ShippingAddress>) => void },
): void {
  const autocomplete = useRef<PlacesAutocomplete | null>(null);
  const latestOnPlace = useRef(onPlace);
  const country = useRef(countryCode);
  useEffect(() => {
    latestOnPlace.current = onPlace;
    country.current = countryCode;
  }, [onPlace, countryCode]);
  const restrict = (widget: PlacesAutocomplete | null) => {
    if (widget && country.current) widget.setComponentRestrictions({ country: country.current.toLowerCase() });
  };

  useEffect(() => {
    if (!apiKey || !input.current) return;
    const field = input.current;
    let listener: { remove: () => void } | undefined;
    let cancelled = false;
    void loadPlaces(apiKey).then((places) => {
      if (!places || cancelled) return;
      const widget = new places.Autocomplete(field, { fields: ['address_components'], types: ['address'] });
      listener = widget.addListener('place_changed', () =>
        latestOnPlace.current(addressOf(widget.getPlace().address_components ?? [])),
      );
      autocomplete.current = widget;
      restrict(widget);
    });
    return () => {
      cancelled = true;
      listener?.remove();
      autocomplete.current = null;
    };
  }, [apiKey, input]);

  useEffect(() => restrict(autocomplete.current), [countryCode]);
}
