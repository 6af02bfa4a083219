import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { FieldWrapper, splitWrapperProps } from './field-wrapper';
import { inputClasses, type InputProps } from './input';

/**
 * A password input with a show/hide toggle (44 px); `toggleLabels` names the toggle for a secret that is not a password
 * (a passcode), or in another language.
 */
export function PasswordInput({
  toggleLabels = ['Show password', 'Hide password'],
  ...props
}: Omit<InputProps, 'type'> & { toggleLabels?: readonly [show: string, hide: string] }) {
  const [wrapper, { registration, className, ...input }] = splitWrapperProps(props);
  const [visible, setVisible] = useState(false);
  return (
    <FieldWrapper name={registration.name} {...wrapper}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            {...registration}
            type={visible ? 'text' : 'password'}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...input}
            className={cn(inputClasses, 'pr-13', className)}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? toggleLabels[1] : toggleLabels[0]}
            aria-pressed={visible}
            aria-controls={control.id}
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
      )}
    </FieldWrapper>
  );
}
