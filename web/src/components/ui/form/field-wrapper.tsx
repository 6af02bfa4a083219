import { useId, type ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { CharacterCount, useCountedLength } from './character-count';
import { messageAt } from './form-errors';
import { useFormLayout } from './form-layout';

/** What the control inside a FieldWrapper puts on itself, so the label and messages belong to it. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldWrapperProps {
  /** The field's path in the form (`email`, `emergencyContacts.0.phone`); its message is found by it. */
  name: string;
  /** Leave out when the control brings its own label (a checkbox with its text). */
  label?: ReactNode;
  /** Beside the label, e.g. "(optional)". */
  labelExtra?: ReactNode;
  /** At the right of the label row, e.g. a "Forgot password?" button. */
  labelAction?: ReactNode;
  /** Between the label and the control: another way to fill the field in (the medical form's list pickers). */
  beforeControl?: ReactNode;
  /** Shown under the field and read with it. */
  hint?: ReactNode;
  /** The most characters the field takes: a counter shows near it, and the form refuses more (never cuts). */
  limit?: number;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}

/**
 * One field: its label, the control, its message under it (or, in a summary form, a link to the
 * form's alert) and its hint, tied together with `aria-invalid` and `aria-describedby`.
 */
export function FieldWrapper({
  name,
  label,
  labelExtra,
  labelAction,
  beforeControl,
  hint,
  limit,
  className,
  children,
}: FieldWrapperProps) {
  const id = useId();
  const { summary, alertId } = useFormLayout();
  const { errors } = useFormState({ name });
  const message = messageAt(errors, name);
  const errorId = message && !summary ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const counted = useCountedLength(name, limit);
  const countId = counted !== null ? `${id}-count` : undefined;
  const describedBy = [errorId, message && summary ? alertId : undefined, hintId, countId].filter(Boolean).join(' ');
  return (
    <div className={className}>
      {label ? (
        <FieldLabel htmlFor={id} extra={labelExtra} action={labelAction}>
          {label}
        </FieldLabel>
      ) : null}
      {beforeControl}
      {children({ id, 'aria-invalid': message ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {errorId ? <FieldError id={errorId}>{message}</FieldError> : null}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {countId && limit && counted !== null ? <CharacterCount id={countId} length={counted} limit={limit} /> : null}
    </div>
  );
}

/** A field's own message (red, under it). */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-sm font-semibold text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}

/** The wrapper's props as a control takes them (its container's class as `containerClassName`). */
export type WrapperProps = Omit<FieldWrapperProps, 'name' | 'children' | 'className'> & { containerClassName?: string };

/** Splits a control's props into the wrapper's and the element's. */
export function splitWrapperProps<T extends WrapperProps>({
  label,
  labelExtra,
  labelAction,
  beforeControl,
  hint,
  limit,
  containerClassName,
  ...element
}: T) {
  return [
    { label, labelExtra, labelAction, beforeControl, hint, limit, className: containerClassName },
    element,
  ] as const;
}

function FieldLabel({
  htmlFor,
  children,
  extra,
  action,
}: {
  htmlFor: string;
  children: ReactNode;
  extra?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="mb-1.5 flex min-h-6 items-end justify-between gap-3">
      <label htmlFor={htmlFor} className="text-[15px] font-semibold text-slate-800 dark:text-slate-100">
        {children}
        {extra ? <span className="ml-1.5 font-normal text-slate-500 dark:text-slate-400">{extra}</span> : null}
      </label>
      {action}
    </div>
  );
}
