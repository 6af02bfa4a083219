import { LANGUAGE_ENDONYMS, LANGUAGE_TAGS, RESPONDER_LANGUAGES, type ResponderLanguage } from '@medical-qr/contracts';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { inputClasses } from './form';

/**
 * A choice of the responder languages, each named in itself (and marked as that language): what printed items are in,
 * or what the health link viewer speaks. Each place sets its own layout.
 */
export function ResponderLanguageSelect({
  label,
  language,
  onChange,
  className,
  labelClassName,
  boxClassName = 'min-w-0 flex-1',
  selectClassName,
}: {
  label: string;
  language: ResponderLanguage;
  onChange: (language: ResponderLanguage) => void;
  className?: string;
  labelClassName?: string;
  /** The select's box: its width in the row (the rest of the row by default). */
  boxClassName?: string;
  selectClassName?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex items-center', className)}>
      <label htmlFor={id} className={cn('text-sm font-semibold text-slate-700', labelClassName)}>
        {label}
      </label>
      <div className={boxClassName}>
        <select
          id={id}
          value={language}
          onChange={(event) => onChange(event.target.value as ResponderLanguage)}
          className={cn(inputClasses, 'appearance-auto pr-2', selectClassName)}
        >
          {RESPONDER_LANGUAGES.map((code) => (
            <option key={code} value={code} lang={LANGUAGE_TAGS[code]}>
              {LANGUAGE_ENDONYMS[code]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
