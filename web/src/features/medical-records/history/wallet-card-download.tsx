import {
  walletCardFileName,
  walletCardPath,
  type MedicalRecord,
  type ResponderLanguage,
  type WalletSheet,
} from '@medical-qr/contracts';
import { IdCard } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { saveBlob } from '../../../lib/download';
import { PrintLanguageSelect } from '../print-language-select';
import { useDownload } from '../use-download';

const SHEETS: Array<{ sheet: WalletSheet; label: string; paper: string }> = [
  { sheet: 'a4', label: 'Wallet card (A4)', paper: 'A4' },
  { sheet: 'letter', label: 'Wallet card (Letter)', paper: 'Letter' },
];

/**
 * The printable wallet card (85.6 × 54 mm, front and back with cut marks), a PDF on an A4 or Letter sheet. The server
 * makes it: the fonts that write every script a name may be in are too large to send to a browser. It is fetched
 * rather than linked, so a failure is a toast on this page instead of an error page in a new tab.
 */
export function WalletCardDownload({
  record,
  compact = false,
  printLanguage,
}: {
  record: MedicalRecord;
  /** In the dashboard's narrow code panel: a short heading and one button per paper size. */
  compact?: boolean;
  /** The language chosen for every printed item around it; the card then offers no choice of its own. */
  printLanguage?: ResponderLanguage;
}) {
  const run = useDownload();
  const [making, setMaking] = useState<WalletSheet | null>(null);
  // The card is printed in one language: the one the owner writes in, unless they choose the one where it will be read.
  const [chosen, setChosen] = useState<ResponderLanguage>(record.writtenIn ?? 'en');
  const language = printLanguage ?? chosen;

  const download = async (sheet: WalletSheet) => {
    setMaking(sheet);
    await run(async () => {
      const response = await fetch(walletCardPath(record.id, sheet, language), { credentials: 'include' });
      if (!response.ok) throw new Error(`wallet card: HTTP ${response.status}`);
      saveBlob(await response.blob(), walletCardFileName(sheet));
    }, 'The wallet card could not be made. Please try again.');
    setMaking(null);
  };

  if (compact) {
    return (
      <div className="mt-4 w-full text-left">
        <p className="text-sm font-semibold text-slate-700 dark:text-slate-200">Printable wallet card</p>
        {printLanguage ? null : <PrintLanguageSelect label="Card language" language={chosen} onChange={setChosen} />}
        <div className="mt-2 grid grid-cols-2 gap-2">
          {SHEETS.map(({ sheet, paper }) => (
            <Button
              key={sheet}
              variant="secondary"
              disabled={making !== null}
              icon={<IdCard className="size-5" aria-hidden="true" />}
              pending={making === sheet}
              onClick={() => void download(sheet)}
            >
              <span>
                <span className="sr-only">Wallet card, </span>
                {paper}
              </span>
            </Button>
          ))}
        </div>
      </div>
    );
  }

  return (
    <div className="mt-5">
      <h3 className="text-base font-bold text-slate-900 dark:text-white">Printable wallet card</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Credit-card size: your code and the facts a crew needs first on the front; conditions, medications, devices,
        contacts and a code any phone reads without internet on the back. Print, cut along the marks and fold.
      </p>
      {printLanguage ? null : <PrintLanguageSelect label="Card language" language={chosen} onChange={setChosen} />}
      <div className="mt-3 grid gap-2 sm:flex">
        {SHEETS.map(({ sheet, label }) => (
          <Button
            key={sheet}
            variant="secondary"
            className="whitespace-nowrap"
            disabled={making !== null}
            icon={<IdCard className="size-5" aria-hidden="true" />}
            pending={making === sheet}
            onClick={() => void download(sheet)}
          >
            {label}
          </Button>
        ))}
      </div>
    </div>
  );
}
