import type { SelectHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../../lib/cn';
import { FieldWrapper, splitWrapperProps, type WrapperProps } from './field-wrapper';
import { inputClasses } from './input';

export interface SelectProps
  extends WrapperProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | keyof WrapperProps> {
  registration: UseFormRegisterReturn;
}

/** A labelled native select: the phone's own picker, 48 px tall. */
export function Select(props: SelectProps) {
  const [wrapper, { registration, className, children, ...select }] = splitWrapperProps(props);
  return (
    <FieldWrapper name={registration.name} {...wrapper}>
      {(control) => (
        <select
          {...control}
          {...registration}
          {...select}
          className={cn(inputClasses, 'appearance-auto pr-2', className)}
        >
          {children}
        </select>
      )}
    </FieldWrapper>
  );
}
