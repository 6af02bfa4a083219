import { ageOn, type MedicalRecord, type ResponderLanguage } from '@medical-qr/contracts';
import { EyeOff, QrCode } from 'lucide-react';
import { useId, useState, type ReactNode, type Ref } from 'react';
import { DeleteRecordButton } from './delete-record-button';
import { FactsCheck } from './facts-check';
import { WalletCardDownload } from './history/wallet-card-download';
import { QrCodeDisplay } from './qr-code-display';

/**
 * The signed-in user's active code with its actions, when its facts were last checked (with the click that confirms
 * them) and Delete, or a note that there is none yet.
 */
export function CurrentQrPanel({
  record,
  title = 'Your current QR code',
  emptyTitle = 'No active QR code',
  emptyNote,
  headingRef,
  replaceAction,
  hiddenFromResponders = false,
}: {
  record: MedicalRecord | null;
  /** Names the code when there are several. */
  title?: string;
  /** Said when there is no code to show: none active, or a new one not made yet. */
  emptyTitle?: string;
  emptyNote: string;
  /** Focused after a save, so the new code is announced. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** "Replace my code", above Delete, when the plan replaces codes. */
  replaceAction?: ReactNode;
  /** Consent is withdrawn: the code opens nothing, whatever its expiry says. */
  hiddenFromResponders?: boolean;
}) {
  const titleId = useId();
  // What the lock-screen image and the wallet card are printed in: the owner's own language unless they choose.
  const [printLanguage, setPrintLanguage] = useState<ResponderLanguage>(record?.writtenIn ?? 'en');
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="mb-4 text-lg font-bold text-slate-900 outline-none dark:text-white"
      >
        {title}
      </h2>
      {record ? (
        <QrCodeDisplay
          qrCodeData={record.qrCodeData}
          cardUrl={record.cardUrl}
          expiresAt={record.expiresAt}
          reference={record.reference}
          label={{ name: `${record.firstName} ${record.lastName}`.trim(), bloodGroup: record.bloodGroup }}
          facts={{
            source: { ...record, age: ageOn(record.dateOfBirth, new Date()) },
            checkedAt: record.factsCheckedAt,
            language: printLanguage,
          }}
          printLanguage={{ language: printLanguage, onChange: setPrintLanguage }}
          status={hiddenFromResponders ? <HiddenStatus /> : undefined}
        >
          <FactsCheck record={record} compact className="mt-4" />
          {record.emergencyContacts.length > 0 ? (
            <WalletCardDownload record={record} compact printLanguage={printLanguage} />
          ) : null}
          {replaceAction}
          <DeleteRecordButton recordId={record.id} className="mt-3 w-full" />
        </QrCodeDisplay>
      ) : (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-600">
          <QrCode className="size-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-slate-900 dark:text-white">{emptyTitle}</p>
          <p className="mt-1 text-[15px] text-slate-600 dark:text-slate-300">{emptyNote}</p>
        </div>
      )}
    </section>
  );
}

/** In place of the code's expiry while consent is withdrawn: what a scan of it, or of its downloads, shows now. */
function HiddenStatus() {
  return (
    <div className="mt-3 w-full rounded-xl bg-red-50 px-3.5 py-3 text-left text-red-950 dark:bg-red-950/60 dark:text-red-50">
      <p className="flex items-center gap-2 font-bold">
        <EyeOff className="size-5 shrink-0 text-red-700 dark:text-red-400" aria-hidden="true" />
        Hidden from responders
      </p>
      <p className="mt-1 text-sm leading-snug">
        Scanning it or its downloads shows "not found" until you give consent again.
      </p>
    </div>
  );
}
