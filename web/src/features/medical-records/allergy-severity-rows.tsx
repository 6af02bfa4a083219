import {
  ALLERGY_SEVERITIES,
  ALLERGY_SEVERITY_LABELS,
  comparableText,
  severitiesByEntry,
  severityOf,
  type AllergySeverity,
} from '@medical-qr/contracts';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { inputClasses } from '../../components/ui/form';
import { cn } from '../../lib/cn';
import { allergyEntries, withSeverity } from './allergy-severity-choices';
import type { MedicalFormValues } from './medical-form-values';
import { useMedicalFields } from './use-medical-fields';

/**
 * Under the allergies: a severity for each entry the text names now, recomputed as the owner types. The text stays
 * theirs; a choice is kept while an entry is retyped, and only those the text names are sent.
 */
export function AllergySeverityRows({ className }: { className?: string }) {
  const { disabled } = useMedicalFields();
  const { getValues, setValue } = useFormContext<MedicalFormValues>();
  const allergies = useWatch<MedicalFormValues, 'allergies'>({ name: 'allergies' });
  const chosen = useWatch<MedicalFormValues, 'allergySeverities'>({ name: 'allergySeverities' });
  const headingId = useId();
  const entries = allergyEntries(allergies);
  if (entries.length === 0) return null;

  const said = severitiesByEntry(chosen);
  const choose = (entry: string, severity: AllergySeverity | '') =>
    setValue('allergySeverities', withSeverity(getValues('allergySeverities'), entry, severity), {
      shouldDirty: true,
    });

  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className={cn('rounded-2xl border border-slate-200 p-3 sm:p-4 dark:border-slate-700', className)}
    >
      <p id={headingId} className="text-[15px] font-semibold text-slate-800 dark:text-slate-100">
        How severe is each allergy?
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">Optional. Responders see the most severe first.</p>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
        {entries.map((entry) => (
          <SeverityRow
            key={comparableText(entry)}
            entry={entry}
            severity={severityOf(entry, said) ?? ''}
            onChange={(severity) => choose(entry, severity)}
            disabled={disabled}
          />
        ))}
      </ul>
    </div>
  );
}

function SeverityRow({
  entry,
  severity,
  onChange,
  disabled,
}: {
  entry: string;
  severity: AllergySeverity | '';
  onChange: (severity: AllergySeverity | '') => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <label htmlFor={id} className="min-w-0 flex-1 text-[15px] break-words text-slate-800 dark:text-slate-100">
        <span className="font-semibold">{entry}</span>
        <span className="sr-only"> severity</span>
        <span aria-hidden="true" className="text-slate-600 dark:text-slate-400">
          {' '}
          — Severity:
        </span>
      </label>
      {/* A fixed width beside the name (the select fills it), so the rows line up. */}
      <div className="w-40 shrink-0 sm:w-48">
        <select
          id={id}
          value={severity}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value as AllergySeverity | '')}
          className={cn(inputClasses, 'appearance-auto pr-2')}
        >
          <option value="">Not said</option>
          {ALLERGY_SEVERITIES.map((value) => (
            <option key={value} value={value}>
              {ALLERGY_SEVERITY_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
    </li>
  );
}
