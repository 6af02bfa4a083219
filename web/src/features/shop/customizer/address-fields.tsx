import { useCallback, useEffect, useId, useRef, type InputHTMLAttributes, type Ref } from 'react';
import { inputClasses } from '../../../components/ui/form';
import { useAddressAutocomplete } from './address-autocomplete';
import type { ShippingAddress } from './shipping-address';

/**
 * The shipping address (SPEC section 2, "Customize"): line 1 (with Google's suggestions when a maps key is set),
 * line 2 (optional), city, state and postal code. They wait for a country, since choosing one clears them.
 */
export function AddressFields({
  address,
  onChange,
  countryCode,
  mapsApiKey,
}: {
  address: ShippingAddress;
  onChange: (address: ShippingAddress) => void;
  countryCode: string;
  mapsApiKey: string | null | undefined;
}) {
  const line1 = useRef<HTMLInputElement>(null);
  // Google's answer comes later: it completes the address as it is then.
  const latest = useRef(address);
  useEffect(() => {
    latest.current = address;
  }, [address]);
  const onPlace = useCallback(
    (place: Partial<ShippingAddress>) => onChange({ ...latest.current, ...place }),
    [onChange],
  );
  useAddressAutocomplete(line1, { apiKey: mapsApiKey, countryCode, onPlace });

  const disabled = countryCode === '';
  const field = (key: keyof ShippingAddress) => ({
    value: address[key],
    disabled,
    onChange: (value: string) => onChange({ ...address, [key]: value }),
  });

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {disabled ? (
        <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">Choose a country first.</p>
      ) : null}
      <TextField
        label="Address line 1"
        autoComplete="address-line1"
        maxLength={200}
        inputRef={line1}
        className="sm:col-span-2"
        {...field('line1')}
      />
      <TextField
        label="Address line 2"
        optional
        autoComplete="address-line2"
        maxLength={200}
        className="sm:col-span-2"
        {...field('line2')}
      />
      <TextField label="City" autoComplete="address-level2" maxLength={100} {...field('city')} />
      <TextField label="State / Province" autoComplete="address-level1" maxLength={100} {...field('state')} />
      <TextField label="Postal code" autoComplete="postal-code" maxLength={20} {...field('postalCode')} />
    </div>
  );
}

function TextField({
  label,
  value,
  onChange,
  optional = false,
  disabled,
  autoComplete,
  maxLength,
  inputRef,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  optional?: boolean;
  disabled: boolean;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'maxLength'>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-[15px] font-semibold text-slate-800 dark:text-slate-100">
        {label}
        {optional ? <span className="ml-1.5 font-normal text-slate-500 dark:text-slate-400">(optional)</span> : null}
      </label>
      <input
        id={id}
        ref={inputRef}
        type="text"
        value={value}
        disabled={disabled}
        required={!optional}
        maxLength={maxLength}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses}
      />
    </div>
  );
}
