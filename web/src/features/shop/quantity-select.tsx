import { MERCH_QUANTITY_MAX, MERCH_QUANTITY_MIN } from '@medical-qr/contracts';
import { ChoiceSelect } from './choice-select';

const QUANTITIES = Array.from({ length: MERCH_QUANTITY_MAX - MERCH_QUANTITY_MIN + 1 }, (_, offset) => {
  const quantity = String(MERCH_QUANTITY_MIN + offset);
  return { value: quantity, label: quantity };
});

/** How many of an item, 1 to 10 (SPEC section 5). */
export function QuantitySelect({
  value,
  onChange,
  disabled = false,
  className,
}: {
  value: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <ChoiceSelect
      label="Quantity"
      value={String(value)}
      choices={QUANTITIES}
      onChange={(quantity) => onChange(Number(quantity))}
      disabled={disabled}
      className={className}
    />
  );
}
