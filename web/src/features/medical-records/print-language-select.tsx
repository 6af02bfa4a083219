import type { ResponderLanguage } from '@medical-qr/contracts';
import { ResponderLanguageSelect } from '../../components/ui/responder-language-select';

/**
 * The language printed items (the wallet card, the lock-screen image) are in: the owner's own, or that of the country
 * where they will be read. Responders read it; the owner's own words stay as written.
 */
export function PrintLanguageSelect(props: {
  label: string;
  language: ResponderLanguage;
  onChange: (language: ResponderLanguage) => void;
}) {
  return <ResponderLanguageSelect {...props} className="mt-2 gap-3" labelClassName="shrink-0 dark:text-slate-200" />;
}
