import { QR_DOWNLOAD_FILE_NAME, QR_IMAGE_SIZE_PX, type ResponderLanguage } from '@medical-qr/contracts';
import { Clock, Copy, Download, ExternalLink, Share2, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useGetSmsNumberQuery } from '../../components/printed-reference/sms-number-api';
import { TextReference } from '../../components/printed-reference/text-reference';
import { Button, buttonClasses } from '../../components/ui/button';
import { useCopyLink } from '../../components/ui/notifications';
import { cn } from '../../lib/cn';
import { saveBlob, saveFile } from '../../lib/download';
import { formatDateTime } from '../../lib/format-date';
import { PrintLanguageSelect } from './print-language-select';
import { QR_DOWNLOAD_FAILED, useDownload } from './use-download';
import { useShareCardLink } from './use-share-card-link';
import type { LockScreenFacts, LockScreenImageInput, QrLabel } from './qr-download-image';

export interface QrCodeDisplayProps {
  /** The QR image as a PNG data URL. */
  qrCodeData: string;
  /** The public emergency card the code opens. */
  cardUrl: string;
  /** Null for codes that never expire. */
  expiresAt: string | null;
  /** The code's printed reference (`K7QM 4XPD`), which a responder without data texts; absent while it has none. */
  reference?: string;
  /** The name and blood group the lock-screen image prints under the code. */
  label?: QrLabel;
  /** The record's first-minute facts, which the lock-screen image carries as text and as an offline code. */
  facts?: LockScreenFacts;
  /** The language of the printed items (lock-screen image, wallet card), chosen above their buttons. */
  printLanguage?: { language: ResponderLanguage; onChange: (language: ResponderLanguage) => void };
  /** More actions under the built-in ones, e.g. Delete. */
  children?: ReactNode;
  /** Said in place of the expiry when the code's state is something else (hidden from responders). */
  status?: ReactNode;
}

/** "Valid until …" in the reader's locale, or "Never expires"; the date never breaks inside itself. */
function expiryText(expiresAt: string | null): string {
  return expiresAt ? `Valid until ${formatDateTime(expiresAt).replace(/ /g, '\u00a0')}` : 'Never expires';
}

/**
 * A QR code with what people do with it: download the image, share or copy the card link, open
 * the card. The image sits on a white tile in both themes, since scanners need dark on light.
 */
export function QrCodeDisplay({
  qrCodeData,
  cardUrl,
  expiresAt,
  reference,
  label,
  facts,
  printLanguage,
  children,
  status,
}: QrCodeDisplayProps) {
  const run = useDownload();
  // Asked only when there is a reference to say it beside.
  const smsNumber = useGetSmsNumberQuery(undefined, { skip: !reference }).data?.number ?? null;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  /** The spec's 256 px PNG, or the labelled lock-screen image; a failure says so, a success clears an earlier one. */
  const download = (kind: 'png' | 'lock-screen') =>
    run(() => {
      if (!qrCodeData.startsWith('data:image/')) throw new Error('The QR image is missing');
      if (kind === 'png') return saveFile(qrCodeData, QR_DOWNLOAD_FILE_NAME);
      return saveLockScreenImage({
        qrCodeData,
        cardUrl,
        label,
        facts,
        reference: reference ? { reference, smsNumber } : undefined,
      });
    }, QR_DOWNLOAD_FAILED);

  const copyLink = useCopyLink();

  const share = useShareCardLink();

  return (
    <div className="flex flex-col items-center text-center">
      <div className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:ring-slate-700">
        {qrCodeData ? (
          <img
            src={qrCodeData}
            alt="QR code that opens your emergency card"
            width={QR_IMAGE_SIZE_PX}
            height={QR_IMAGE_SIZE_PX}
            className="block h-auto w-64 max-w-full [image-rendering:pixelated]"
          />
        ) : (
          <p className="flex aspect-square w-64 max-w-full items-center justify-center p-6 text-[15px] text-slate-600">
            The QR image is not available. The card link below still works.
          </p>
        )}
      </div>

      {status ?? (
        // Left-aligned beside its icon: a narrow panel wraps the date under "Valid until", not away from the icon.
        <p className="mt-3 flex items-start gap-2 text-left text-[15px] font-semibold text-slate-700 dark:text-slate-200">
          <Clock className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
          <span>{expiryText(expiresAt)}</span>
        </p>
      )}

      {reference ? <TextReference reference={reference} smsNumber={smsNumber} className="mt-3 w-full" /> : null}

      <div className="mt-4 w-full text-left">
        <p className="text-sm font-semibold text-slate-700 dark:text-slate-200">Card link</p>
        <p className="mt-1 rounded-xl bg-slate-100 px-3 py-2.5 font-mono text-sm break-all text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          {cardUrl}
        </p>
      </div>

      {printLanguage ? (
        <div className="mt-4 w-full text-left">
          <PrintLanguageSelect label="Printed in" language={printLanguage.language} onChange={printLanguage.onChange} />
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            The lock-screen image and the wallet card, for the responders who will read them.
          </p>
        </div>
      ) : null}

      {/* Two columns once the labels fit side by side; stacked full-width buttons on the narrowest phones. */}
      <div className="mt-4 grid w-full grid-cols-1 gap-2 min-[400px]:grid-cols-2">
        <Button onClick={() => void download('lock-screen')} className="min-[400px]:col-span-2">
          <Smartphone className="size-5" aria-hidden="true" />
          Download for lock screen
        </Button>
        <Button variant="secondary" onClick={() => void download('png')}>
          <Download className="size-5" aria-hidden="true" />
          Download
        </Button>
        <Button variant="secondary" onClick={() => copyLink(cardUrl)}>
          <Copy className="size-5" aria-hidden="true" />
          Copy link
        </Button>
        {canShare ? (
          <Button variant="secondary" onClick={() => void share(cardUrl)}>
            <Share2 className="size-5" aria-hidden="true" />
            Share
          </Button>
        ) : null}
        {/* The card is its own page served by the gateway, not a screen of this app: a full page load. */}
        <a
          href={cardUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: 'secondary', className: cn(!canShare && 'min-[400px]:col-span-2') })}
        >
          <ExternalLink className="size-5" aria-hidden="true" />
          Open card
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      {children}
    </div>
  );
}

/** The drawing (and the term list its facts are read with) loads on the tap, not with the dashboard. */
async function saveLockScreenImage(input: LockScreenImageInput): Promise<void> {
  const { LOCK_SCREEN_FILE_NAME, lockScreenImage } = await import('./qr-download-image');
  saveBlob(await lockScreenImage(input), LOCK_SCREEN_FILE_NAME);
}
