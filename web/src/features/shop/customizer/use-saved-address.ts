import type { SavedShippingAddress } from '@medical-qr/contracts';
import { useEffect, useRef, useState } from 'react';
import { useGetSavedShippingAddressQuery } from '../cart-api';
import type { ShippingAddress } from './shipping-address';

const addressOf = (saved: SavedShippingAddress): ShippingAddress => ({
  line1: saved.shippingAddressLine1,
  line2: saved.shippingAddressLine2,
  city: saved.shippingCity,
  state: saved.shippingState,
  postalCode: saved.shippingPostalCode,
});

/**
 * Fills a new line's country and address with where the person last shipped to, once, when it arrives, unless they
 * already chose a country. Answers whether it did, so the form can say where the address came from. Not for an
 * edited line, which keeps its own.
 */
export function useSavedAddress(
  skip: boolean,
  countryCode: string,
  fill: (countryCode: string, address: ShippingAddress) => void,
): boolean {
  const saved = useGetSavedShippingAddressQuery(undefined, { skip });
  const settled = useRef(false);
  const [filled, setFilled] = useState(false);
  const last = saved.data?.address;
  useEffect(() => {
    if (settled.current || saved.data === undefined) return;
    settled.current = true;
    if (!last || countryCode !== '') return;
    fill(last.countryCode, addressOf(last));
    setFilled(true);
  }, [saved.data, last, countryCode, fill]);
  return filled;
}
