import { LANGUAGE_ENDONYMS, LANGUAGE_TAGS, RESPONDER_LANGUAGES, type ResponderLanguage } from '@medical-qr/contracts';
import { useId } from 'react';
import { inputClasses } from '../../components/ui/form';
import { cn } from '../../lib/cn';

/**
 * The language printed items (the wallet card, the lock-screen image) are in: the owner's own, or that of the country
 * where they will be read. Responders read it; the owner's own words stay as written.
 */
export function PrintLanguageSelect({
  label,
  language,
  onChange,
}: {
  label: string;
  language: ResponderLanguage;
  onChange: (language: ResponderLanguage) => void;
}) {
  const id = useId();
  return (
    <div className="mt-2 flex items-center gap-3">
      <label htmlFor={id} className="shrink-0 text-sm font-semibold text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => onChange(event.target.value as ResponderLanguage)}
        className={cn(inputClasses, 'w-auto min-w-0 flex-1 appearance-auto pr-2')}
      >
        {RESPONDER_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={LANGUAGE_TAGS[code]}>
            {LANGUAGE_ENDONYMS[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
