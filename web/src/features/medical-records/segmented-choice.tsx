import { organDonorLabel } from '@medical-qr/contracts';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { FieldWrapper } from '../../components/ui/form';
import { cn } from '../../lib/cn';
import type { MedicalFormValues } from './medical-form-values';

/** The form's answers picked from a few choices rather than typed. */
type ChoiceField = 'organDonor' | 'interpreterNeeded' | 'resuscitationStatus';

export interface Choice<T> {
  label: string;
  value: T;
}

/** Yes, No, then Not stated: the answers of a yes-or-no question that may be left unanswered. */
export const YES_NO_NOT_STATED: Choice<boolean | null>[] = ([true, false, null] as const).map((value) => ({
  label: organDonorLabel(value),
  value,
}));

export interface SegmentedChoiceProps<Name extends ChoiceField> {
  name: Name;
  legend: string;
  choices: readonly Choice<MedicalFormValues[Name]>[];
  /** Shown under the choices and read with the group. */
  hint?: ReactNode;
  disabled?: boolean;
  /** The grid the choices sit in (columns, widest width). */
  gridClassName: string;
  className?: string;
}

/**
 * One answer of a few as large segments, radio buttons underneath (arrow keys move between them, Tab leaves the
 * group). The legend names the group; its hint and message are read with it, and the message shows once under it.
 */
export function SegmentedChoice<Name extends ChoiceField>(props: SegmentedChoiceProps<Name>) {
  const { name, legend, choices, hint, disabled, gridClassName, className } = props;
  const { field } = useController<MedicalFormValues, Name>({ name });
  return (
    <FieldWrapper name={name} hint={hint} className={className}>
      {(control) => (
        <fieldset id={control.id} aria-describedby={control['aria-describedby']} className="min-w-0">
          <legend className="mb-1.5 text-[15px] font-semibold text-slate-800 dark:text-slate-100">{legend}</legend>
          <div className={cn('grid gap-2', gridClassName)}>
            {choices.map((choice) => (
              <label
                key={choice.label}
                className={cn(
                  'flex min-h-12 cursor-pointer items-center justify-center rounded-xl border border-slate-300 bg-white px-2 text-center text-base font-semibold whitespace-nowrap text-slate-800 transition-colors',
                  'hover:bg-slate-50 has-[:checked]:border-red-600 has-[:checked]:bg-red-50 has-[:checked]:text-red-800',
                  'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-red-600',
                  'dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:hover:bg-slate-900',
                  'dark:has-[:checked]:border-red-400 dark:has-[:checked]:bg-red-950/60 dark:has-[:checked]:text-red-100',
                  control['aria-invalid'] && 'border-red-600 dark:border-red-400',
                  disabled && 'pointer-events-none opacity-60',
                )}
              >
                <input
                  type="radio"
                  name={field.name}
                  checked={field.value === choice.value}
                  onChange={() => field.onChange(choice.value)}
                  onBlur={field.onBlur}
                  disabled={disabled}
                  aria-invalid={control['aria-invalid']}
                  className="sr-only"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </FieldWrapper>
  );
}
