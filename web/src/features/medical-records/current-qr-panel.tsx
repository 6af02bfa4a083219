import type { MedicalRecord } from '@medical-qr/contracts';
import { QrCode, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode, type Ref } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/notifications';
import { DeleteRecordDialog } from './delete-record-dialog';
import { QrCodeDisplay } from './qr-code-display';
import { useDeleteMedicalRecordMutation } from './records-api';

/** The signed-in user's active code with its actions and Delete, or a note that there is none yet. */
export function CurrentQrPanel({
  record,
  emptyNote,
  headingRef,
  replaceAction,
}: {
  record: MedicalRecord | null;
  emptyNote: string;
  /** Focused after a save, so the new code is announced. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** "Replace my code", above Delete, when the plan replaces codes. */
  replaceAction?: ReactNode;
}) {
  const titleId = useId();
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
        Your current QR code
      </h2>
      {record ? (
        <QrCodeDisplay
          qrCodeData={record.qrCodeData}
          cardUrl={record.cardUrl}
          expiresAt={record.expiresAt}
          label={{ name: `${record.firstName} ${record.lastName}`.trim(), bloodGroup: record.bloodGroup }}
        >
          {replaceAction}
          <DeleteRecordButton recordId={record.id} />
        </QrCodeDisplay>
      ) : (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-600">
          <QrCode className="size-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-slate-900 dark:text-white">No active QR code</p>
          <p className="mt-1 text-[15px] text-slate-600 dark:text-slate-300">{emptyNote}</p>
        </div>
      )}
    </section>
  );
}

function DeleteRecordButton({ recordId }: { recordId: string }) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [deleteRecord, { isLoading }] = useDeleteMedicalRecordMutation();

  const confirm = async () => {
    try {
      await deleteRecord(recordId).unwrap();
      dispatch(
        notify({ type: 'success', title: 'QR code deleted', description: 'It no longer opens your emergency card.' }),
      );
    } catch {
      dispatch(
        notify({
          type: 'error',
          title: 'Delete Failed',
          description: 'Failed to delete medical record. Please try again.',
        }),
      );
    } finally {
      setOpen(false);
    }
  };

  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)} className="mt-3 w-full">
        <Trash2 className="size-5" aria-hidden="true" />
        Delete QR Code
      </Button>
      <DeleteRecordDialog open={open} onOpenChange={setOpen} onConfirm={confirm} pending={isLoading} />
    </>
  );
}
