import { useId, type ReactNode } from 'react';
import { inputClasses } from '../../components/ui/form';
import { cn } from '../../lib/cn';

export interface Choice {
  value: string;
  label: string;
}

/** A labelled native select outside a form (the phone's own picker, 48 px tall), for choices made on the spot. */
export function ChoiceSelect({
  label,
  value,
  choices,
  onChange,
  placeholder,
  disabled = false,
  hint,
  className,
}: {
  label: ReactNode;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  /** A first, empty choice ("Choose a country"), offered while nothing is chosen. */
  placeholder?: string;
  disabled?: boolean;
  hint?: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-[15px] font-semibold text-slate-800 dark:text-slate-100">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClasses, 'appearance-auto pr-2')}
      >
        {placeholder && value === '' ? <option value="">{placeholder}</option> : null}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
