import { PREMIUM_MAX_ACTIVE_RECORDS, type MedicalRecord } from '@medical-qr/contracts';
import { useCallback, useState, type ReactNode } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { CodeList } from './code-list';
import { medicalFormFromRecord, type MedicalFormValues } from './medical-form-values';
import { newCodeValues } from './new-code-values';
import { useListActiveCodesQuery } from './records-api';
import { useChosenCode } from './use-chosen-code';

/** What the dashboard's editor is given for the code chosen (or the one being added). */
export interface ChosenCode {
  record: MedicalRecord | null;
  active: MedicalRecord | null;
  /** Undefined: the dashboard's own prefill (a single code, or none yet). */
  initialValues?: MedicalFormValues;
  /** Premium's "Add another code": the new code's name; the editor creates it beside the others. */
  newCodeLabel?: string;
  /** The code's name, when it has one and there may be several (premium). */
  name?: string;
  onCreated?: (record: MedicalRecord) => void;
}

/**
 * Premium's several codes: the list of active codes above the editor, which edits the one chosen, and "Add another
 * code". With a single plan code (free) or before the list has loaded, the editor gets the dashboard's record as is.
 */
export function CodesWorkspace({
  newest,
  isPremium,
  children,
}: {
  /** The dashboard's record: the newest active code, else the newest expired one, else none. */
  newest: MedicalRecord | null;
  isPremium: boolean;
  children: (code: ChosenCode) => ReactNode;
}) {
  const { data } = useListActiveCodesQuery(undefined, { skip: !isPremium });
  const codes = data?.records ?? [];
  const chosen = useChosenCode(newest?.isActive ? newest : null);
  const [newCodeLabel, setNewCodeLabel] = useState<string | null>(null);
  const { choose } = chosen;
  const onCreated = useCallback(
    (record: MedicalRecord) => {
      setNewCodeLabel(null);
      choose(record.id);
    },
    [choose],
  );

  if (!isPremium || codes.length === 0) return children({ record: newest, active: newest?.isActive ? newest : null });

  const list = (
    <CodeList
      codes={codes}
      chosenId={newCodeLabel === null ? chosen.chosenId : null}
      newCodeLabel={newCodeLabel}
      canAdd={codes.length < PREMIUM_MAX_ACTIVE_RECORDS}
      onChoose={(id) => {
        setNewCodeLabel(null);
        choose(id);
      }}
      onAdd={setNewCodeLabel}
      onCancelAdd={() => setNewCodeLabel(null)}
    />
  );

  if (newCodeLabel !== null) {
    return (
      <>
        {list}
        {children({
          record: null,
          active: null,
          initialValues: newCodeValues(chosen.record),
          newCodeLabel,
          name: newCodeLabel,
          onCreated,
        })}
      </>
    );
  }

  const { record } = chosen;
  return (
    <>
      {list}
      {record ? (
        children({
          record,
          active: record,
          initialValues: medicalFormFromRecord(record, record.emergencyContacts),
          // An unnamed code keeps the plain headings ("Your current QR code"); the list calls it "Unnamed code".
          name: (codes.find((code) => code.id === record.id) ?? record).label || undefined,
        })
      ) : (
        <p
          role="status"
          className="flex items-center justify-center gap-3 py-16 text-base text-slate-600 dark:text-slate-300"
        >
          <Spinner />
          Loading the code…
        </p>
      )}
    </>
  );
}
