import {
  FIELD_TERM_CATEGORIES,
  MEDICAL_TEXT_LIMITS,
  type CodedField,
  type MedicalTermView,
} from '@medical-qr/contracts';
import { useState, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Textarea } from '../../components/ui/form';
import type { MedicalFormValues } from './medical-form-values';
import { appendEntry, namesEntry, pickedTermsIn } from './term-entries';
import { TermPicker } from './term-picker';
import { useMedicalFields } from './use-medical-fields';

/** Each picker's label names what it lists, and its example is one of the list's entries. */
const PICKERS: Record<CodedField, { label: string; placeholder: string }> = {
  allergies: { label: 'Add a listed allergen', placeholder: 'Type to search, e.g. penicillin' },
  medicalConditions: { label: 'Add a listed condition', placeholder: 'Type to search, e.g. epilepsy' },
  medications: { label: 'Add a listed medication', placeholder: 'Type to search, e.g. insulin' },
  devices: { label: 'Add a listed device', placeholder: 'Type to search, e.g. pacemaker' },
};

export interface CodedTextFieldProps {
  name: CodedField;
  label: string;
  placeholder: string;
  hint?: ReactNode;
  rows?: number;
  className?: string;
}

/**
 * A free-text field with a picker of the curated list above it. A picked entry is added to the text, which stays the
 * owner's to write and edit; under the field, the entries picked here that the text still names are said to be
 * listed (a responder reads those in their own language).
 */
export function CodedTextField({ name, label, placeholder, hint, rows, className }: CodedTextFieldProps) {
  const { disabled, fieldProps } = useMedicalFields();
  const { getValues, setValue, formState } = useFormContext<MedicalFormValues>();
  const text = useWatch<MedicalFormValues, CodedField>({ name });
  const [picked, setPicked] = useState<MedicalTermView[]>([]);

  const pick = (term: MedicalTermView) => {
    const written = getValues(name);
    const next = appendEntry(written, term.display);
    // As if typed: the form counts it as a change, and after a failed send the field is checked again.
    if (next !== written) setValue(name, next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setPicked((terms) => (terms.some((known) => known.code === term.code) ? terms : [...terms, term]));
  };

  const listed = pickedTermsIn(text, picked);
  const listedNote =
    listed.length > 0
      ? `On the list: ${listed.map((term) => term.display).join(', ')}. Responders read ${listed.length === 1 ? 'it' : 'these'} in their own language.`
      : null;

  return (
    <Textarea
      label={label}
      placeholder={placeholder}
      limit={MEDICAL_TEXT_LIMITS[name]}
      rows={rows}
      beforeControl={
        // Half the form's width from `sm` up, as "Written in": a search box, not a second text field.
        <div className="mb-2 sm:max-w-[calc(50%-0.5rem)]">
          <TermPicker
            category={FIELD_TERM_CATEGORIES[name]}
            {...PICKERS[name]}
            fieldLabel={label}
            isAdded={(display) => namesEntry(text, display)}
            onPick={pick}
            disabled={disabled}
          />
        </div>
      }
      hint={
        listedNote ? (
          <>
            {hint ? <span className="block">{hint}</span> : null}
            <span className="block" data-testid="listed-entries">
              {listedNote}
            </span>
          </>
        ) : (
          hint
        )
      }
      {...fieldProps(name)}
      containerClassName={className}
    />
  );
}
