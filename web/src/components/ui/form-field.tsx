import { Eye, EyeOff } from 'lucide-react';
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../../lib/cn';

export const inputClasses =
  'block min-h-12 w-full rounded-xl border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-xs ' +
  'placeholder:text-slate-400 transition-colors outline-none ' +
  'focus:border-slate-900 focus:ring-3 focus:ring-slate-900/15 ' +
  'aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:border-red-600 aria-[invalid=true]:focus:ring-red-600/20 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ' +
  'dark:border-slate-600 dark:bg-slate-950 dark:text-slate-50 dark:placeholder:text-slate-500 ' +
  'dark:focus:border-slate-200 dark:focus:ring-white/15 ' +
  'dark:aria-[invalid=true]:border-red-400 dark:aria-[invalid=true]:focus:border-red-400 dark:aria-[invalid=true]:focus:ring-red-400/25 ' +
  'dark:disabled:bg-slate-800';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Shown under the input and linked to it. */
  hint?: ReactNode;
  /** Marks the input invalid; the message itself is shown by the form (pass its id in `errorId`). */
  invalid?: boolean;
  errorId?: string;
  /** A message about this field alone, shown under it (marks it invalid too). */
  error?: string;
  /** Extra text beside the label, e.g. "(optional)". */
  labelExtra?: ReactNode;
  /** Something at the right of the label row, e.g. a "Forgot password?" link. */
  labelAction?: ReactNode;
  containerClassName?: string;
}

/** A labelled text input with a 48 px target. */
export function TextField({
  label,
  hint,
  invalid,
  errorId,
  error,
  labelExtra,
  labelAction,
  containerClassName,
  className,
  ...input
}: TextFieldProps) {
  const id = useId();
  const { describedBy, isInvalid, messages } = fieldDescription(id, { hint, invalid, errorId, error });
  return (
    <div className={containerClassName}>
      <FieldLabel htmlFor={id} extra={labelExtra} action={labelAction}>
        {label}
      </FieldLabel>
      <input
        id={id}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        className={cn(inputClasses, className)}
        {...input}
      />
      {messages}
    </div>
  );
}

type FieldExtras = Pick<
  TextFieldProps,
  'label' | 'hint' | 'invalid' | 'errorId' | 'error' | 'labelExtra' | 'containerClassName'
>;

/** A labelled multi-line input; grows with the text up to a few lines, then scrolls. */
export function TextAreaField({
  label,
  hint,
  invalid,
  errorId,
  error,
  labelExtra,
  containerClassName,
  className,
  ...textarea
}: FieldExtras & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const id = useId();
  const { describedBy, isInvalid, messages } = fieldDescription(id, { hint, invalid, errorId, error });
  return (
    <div className={containerClassName}>
      <FieldLabel htmlFor={id} extra={labelExtra}>
        {label}
      </FieldLabel>
      <textarea
        id={id}
        rows={3}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        className={cn(inputClasses, 'field-sizing-content max-h-60 min-h-24 py-3 leading-relaxed', className)}
        {...textarea}
      />
      {messages}
    </div>
  );
}

/** A labelled native select: the phone's own picker, 48 px tall. */
export function SelectField({
  label,
  hint,
  invalid,
  errorId,
  error,
  labelExtra,
  containerClassName,
  className,
  children,
  ...select
}: FieldExtras & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  const id = useId();
  const { describedBy, isInvalid, messages } = fieldDescription(id, { hint, invalid, errorId, error });
  return (
    <div className={containerClassName}>
      <FieldLabel htmlFor={id} extra={labelExtra}>
        {label}
      </FieldLabel>
      <select
        id={id}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        className={cn(inputClasses, 'appearance-auto pr-2', className)}
        {...select}
      >
        {children}
      </select>
      {messages}
    </div>
  );
}

/** A field's own error message (red, under it). */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-sm font-semibold text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}

/** The error and hint under a field and the `aria-describedby` that links them to it. */
function fieldDescription(
  id: string,
  { hint, invalid, errorId, error }: Pick<TextFieldProps, 'hint' | 'invalid' | 'errorId' | 'error'>,
) {
  const hintId = hint ? `${id}-hint` : undefined;
  const ownErrorId = error ? `${id}-error` : undefined;
  const describedBy = [ownErrorId, invalid ? errorId : undefined, hintId].filter(Boolean).join(' ') || undefined;
  const messages = (
    <>
      {error ? <FieldError id={ownErrorId}>{error}</FieldError> : null}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </>
  );
  return { describedBy, isInvalid: Boolean(invalid || error), messages };
}

/** An email input with the attributes phones need: email keyboard, no capitals, no spell check, autofill. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'label'> & { label?: string }) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

/** A password input with a show/hide toggle (44 px). */
export function PasswordField({ className, ...props }: Omit<TextFieldProps, 'type'>) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const { label, hint, invalid, errorId, error, labelExtra, labelAction, containerClassName, ...input } = props;
  const { describedBy, isInvalid, messages } = fieldDescription(id, { hint, invalid, errorId, error });
  return (
    <div className={containerClassName}>
      <FieldLabel htmlFor={id} extra={labelExtra} action={labelAction}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={cn(inputClasses, 'pr-13', className)}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={id}
          disabled={input.disabled}
          className={cn(
            'absolute top-1/2 right-0.5 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-lg text-slate-500 transition-colors',
            'hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-red-600',
            'disabled:opacity-50 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white dark:focus-visible:outline-red-400',
          )}
        >
          {visible ? <EyeOff className="size-5" aria-hidden="true" /> : <Eye className="size-5" aria-hidden="true" />}
        </button>
      </div>
      {messages}
    </div>
  );
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
