import { QR_DOWNLOAD_FILE_NAME, type MedicalRecord } from '@medical-qr/contracts';
import { Download, Share2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { panel } from '../../../components/ui/panel';
import { cn } from '../../../lib/cn';
import { saveFile } from '../../../lib/download';
import { formatDate } from '../../../lib/format-date';
import { tokenPrefix } from '../history/history-entry';
import { QR_DOWNLOAD_FAILED, useDownload } from '../use-download';
import { useShareCardLink } from '../use-share-card-link';

/** One code in premium history: its QR, state and the searched facts, with Share and Download. */
export function PremiumHistoryCard({ record }: { record: MedicalRecord }) {
  const titleId = useId();
  const run = useDownload();
  const share = useShareCardLink();

  const download = () => run(() => saveFile(record.qrCodeData, QR_DOWNLOAD_FILE_NAME), QR_DOWNLOAD_FAILED);

  return (
    <article aria-labelledby={titleId} className={panel('flex h-full flex-col p-5 sm:p-5')}>
      <div className="flex items-start gap-4">
        <img
          src={record.qrCodeData}
          alt={`QR code ${tokenPrefix(record.token)}`}
          width={96}
          height={96}
          className="size-24 shrink-0 rounded-xl bg-white p-1 ring-1 ring-slate-200 [image-rendering:pixelated] dark:ring-slate-700"
        />
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold text-slate-900 dark:text-white">
            Code <span className="font-mono">{tokenPrefix(record.token)}</span>
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">Created {formatDate(record.createdAt)}</p>
          <span
            className={cn(
              'mt-2 inline-block rounded-full px-2.5 py-0.5 text-xs font-bold',
              record.isActive
                ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100'
                : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
            )}
          >
            {record.isActive ? 'Active' : 'Inactive'}
          </span>
        </div>
      </div>
      <dl className="mt-4 grid gap-2 text-sm">
        <Fact label="Blood group">{record.bloodGroup}</Fact>
        <Fact label="Allergies">{record.allergies || 'None listed'}</Fact>
        <Fact label="Conditions">{record.medicalConditions || 'None listed'}</Fact>
      </dl>
      <div className="mt-auto grid grid-cols-2 gap-2 pt-4">
        <Button variant="secondary" className="whitespace-nowrap" onClick={() => void share(record.cardUrl)}>
          <Share2 className="size-5" aria-hidden="true" />
          Share
        </Button>
        <Button variant="secondary" className="whitespace-nowrap" onClick={download}>
          <Download className="size-5" aria-hidden="true" />
          Download
        </Button>
      </div>
    </article>
  );
}

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] gap-2">
      <dt className="font-semibold text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="line-clamp-2 text-slate-900 [overflow-wrap:anywhere] dark:text-slate-100" title={children}>
        {children}
      </dd>
    </div>
  );
}
