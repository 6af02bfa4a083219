import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../../lib/cn';
import { FieldWrapper, splitWrapperProps, type WrapperProps } from './field-wrapper';

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

export interface InputProps
  extends WrapperProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'children' | keyof WrapperProps> {
  /** `form.register('field')`. */
  registration: UseFormRegisterReturn;
}

/** A labelled text input with a 48 px target. */
export function Input(props: InputProps) {
  const [wrapper, { registration, className, ...input }] = splitWrapperProps(props);
  return (
    <FieldWrapper name={registration.name} {...wrapper}>
      {(control) => <input {...control} {...registration} {...input} className={cn(inputClasses, className)} />}
    </FieldWrapper>
  );
}

/** An email input with what phones need: email keyboard, no capitals, no spell check, autofill. */
export function EmailInput({ label = 'Email', ...props }: Omit<InputProps, 'type' | 'label'> & { label?: string }) {
  return (
    <Input
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

/** The person's own phone number, which no form requires: the phone keypad, and autofill from the device. */
export function PhoneInput(props: Omit<InputProps, 'type' | 'label'>) {
  return (
    <Input label="Phone number" labelExtra="(optional)" type="tel" inputMode="tel" autoComplete="tel" {...props} />
  );
}
