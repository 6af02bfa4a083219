import {
  ALLERGY_SEVERITY_LABELS,
  EXTRA_MEDICAL_FIELDS,
  GENDER_LABELS,
  interpreterLabel,
  LANGUAGE_ENDONYMS,
  organDonorLabel,
  RecordsMessages,
  RESUSCITATION_LABELS,
  severitiesForText,
  type EmergencyContactInput,
  type MedicalForm,
  type MedicalRecord,
} from '@medical-qr/contracts';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { formatCalendarDay } from '../../lib/format-date';
import type { EditConflict } from './use-record-update';
import {
  DIRECTIVE_LOCATION_LABEL,
  formValuesOf,
  medicalFormOfRecord,
  type MedicalFormValues,
} from './medical-form-values';

type Shown = (form: MedicalForm) => string;

const contactsLine = (contacts: EmergencyContactInput[]) =>
  contacts.map((contact) => [contact.name, contact.phone, contact.relationship].filter(Boolean).join(', ')).join('; ');

const severitiesLine = (form: MedicalForm) =>
  severitiesForText(form.allergies, form.allergySeverities)
    .map(({ entry, severity }) => `${entry}: ${ALLERGY_SEVERITY_LABELS[severity]}`)
    .join('; ');

/** The form's answers as a person reads them, in the form's order, each with its label. */
const COMPARED: [label: string, shown: Shown][] = [
  ['First name', (form) => form.firstName],
  ['Last name', (form) => form.lastName],
  ['Date of birth', (form) => (form.dateOfBirth ? formatCalendarDay(form.dateOfBirth) : '')],
  ['Email', (form) => form.email],
  ['Phone number', (form) => form.phoneNumber ?? ''],
  ['Gender', (form) => GENDER_LABELS[form.gender]],
  ['Blood group', (form) => form.bloodGroup],
  ['Written in', (form) => LANGUAGE_ENDONYMS[form.writtenIn]],
  ['Allergies', (form) => form.allergies],
  ['Allergy severity', severitiesLine],
  ['Medical conditions', (form) => form.medicalConditions],
  ['Resuscitation', (form) => RESUSCITATION_LABELS[form.resuscitationStatus]],
  [DIRECTIVE_LOCATION_LABEL, (form) => form.directiveLocation],
  ['Organ donor', (form) => organDonorLabel(form.organDonor)],
  [EXTRA_MEDICAL_FIELDS.medications, (form) => form.medications],
  [EXTRA_MEDICAL_FIELDS.devices, (form) => form.devices],
  [EXTRA_MEDICAL_FIELDS.careDirectives, (form) => form.careDirectives],
  [EXTRA_MEDICAL_FIELDS.languagesSpoken, (form) => form.languagesSpoken],
  ['Interpreter', (form) => interpreterLabel(form.interpreterNeeded)],
  ['Emergency contacts', (form) => contactsLine(form.emergencyContacts)],
];

/** Where the person's form and the saved record differ. */
export function conflictingAnswers(mine: MedicalForm, saved: MedicalRecord) {
  const theirs = medicalFormOfRecord(saved);
  return COMPARED.map(([label, shown]) => ({ label, mine: shown(mine), saved: shown(theirs) })).filter(
    (answer) => answer.mine !== answer.saved,
  );
}

/**
 * A save refused because the record changed elsewhere after the form was opened: what differs, side by side, and the
 * person's choice. "Keep my changes" saves the form as it is now over the newer version; "Use the saved version" puts
 * the saved answers in the fields. Nothing is lost until they choose.
 */
export function EditConflictPanel({
  conflict,
  onKeepMine,
  onTakeSaved,
}: {
  conflict: EditConflict;
  onKeepMine: () => void;
  onTakeSaved: () => void;
}) {
  const { reset } = useFormContext<MedicalFormValues>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const answers = conflictingAnswers(conflict.mine, conflict.saved);

  // The panel appears where the person is not looking (they pressed Save): take them to it.
  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: 'center' });
    headingRef.current?.focus({ preventScroll: true });
  }, [conflict]);

  const takeSaved = () => {
    reset(formValuesOf(medicalFormOfRecord(conflict.saved)));
    onTakeSaved();
  };

  return (
    <section
      aria-labelledby="edit-conflict-title"
      data-testid="edit-conflict"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5 dark:border-amber-700/70 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <h3
        id="edit-conflict-title"
        ref={headingRef}
        tabIndex={-1}
        className="flex items-start gap-2 text-base font-bold outline-none"
      >
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        Not saved: this record changed elsewhere
      </h3>
      <p className="mt-1.5 text-[15px] leading-snug">{RecordsMessages.editConflict}</p>
      {answers.length > 0 ? (
        <dl className="mt-3 divide-y divide-amber-200 rounded-xl border border-amber-200 bg-white text-[15px] dark:divide-amber-800/60 dark:border-amber-800/60 dark:bg-slate-950">
          {answers.map((answer) => (
            <div key={answer.label} className="grid gap-1 px-3.5 py-2.5">
              <dt className="font-semibold text-slate-900 dark:text-white">{answer.label}</dt>
              <dd className="grid gap-0.5 text-slate-700 sm:grid-cols-2 sm:gap-4 dark:text-slate-200">
                <span className="break-words">
                  <span className="font-semibold">Yours: </span>
                  {answer.mine || <em>empty</em>}
                </span>
                <span className="break-words">
                  <span className="font-semibold">Saved: </span>
                  {answer.saved || <em>empty</em>}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-[15px]">The saved version has the same answers as yours.</p>
      )}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button type="submit" onClick={onKeepMine}>
          Keep my changes
        </Button>
        <Button variant="secondary" onClick={takeSaved}>
          Use the saved version
        </Button>
      </div>
    </section>
  );
}
