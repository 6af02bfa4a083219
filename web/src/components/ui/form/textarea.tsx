import type { TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../../lib/cn';
import { FieldWrapper, splitWrapperProps, type WrapperProps } from './field-wrapper';
import { inputClasses } from './input';

export interface TextareaProps
  extends WrapperProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | keyof WrapperProps> {
  registration: UseFormRegisterReturn;
}

/** A labelled multi-line input; grows with the text up to a few lines, then scrolls. */
export function Textarea(props: TextareaProps) {
  const [wrapper, { registration, className, ...textarea }] = splitWrapperProps(props);
  return (
    <FieldWrapper name={registration.name} {...wrapper}>
      {(control) => (
        <textarea
          rows={3}
          {...control}
          {...registration}
          {...textarea}
          className={cn(inputClasses, 'field-sizing-content max-h-60 min-h-24 py-3 leading-relaxed', className)}
        />
      )}
    </FieldWrapper>
  );
}
