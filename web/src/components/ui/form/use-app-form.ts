import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form checked with a zod schema (from `@medical-qr/contracts`, the one the
 * gateway applies): messages appear on submit, then follow each field as it changes. The form
 * hands the schema's output (trimmed, lower-cased, transformed) to `<Form onSubmit>`.
 */
export function useAppForm<TSchema extends z.ZodType<unknown, FieldValues>>(
  schema: TSchema,
  defaultValues: DefaultValues<z.input<TSchema>>,
) {
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // <Form> moves focus itself, in page order, after a failed check and after a refusal alike.
    shouldFocusError: false,
  });
}
