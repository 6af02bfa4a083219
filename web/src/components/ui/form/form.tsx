import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormProvider, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { isApiError } from '../../../lib/base-query';
import { useAppDispatch } from '../../../lib/hooks';
import { errorToastsCleared } from '../notifications';
import { firstMessage, FORM_ERROR, formMessage, placeErrors, type FormFailure } from './form-errors';
import { FormLayoutContext } from './form-layout';

export interface FormProps<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** Sends the checked values. Answers what to show when refused, or throws for `onFailure` to describe. */
  onSubmit: (values: TOutput) => Promise<FormFailure | void> | FormFailure | void;
  /** Describes a thrown error (a rejected request); by default its message, for the whole form. */
  onFailure?: (error: unknown) => FormFailure | void;
  /** One message for the whole form in its `<FormAlert>` (the fields point to it), not one under each field. */
  summary?: boolean;
  /** Which message a summary shows when several fields have one. */
  pickMessage?: (messages: readonly string[]) => string | undefined;
  /** After a failed check, with the form's message. */
  onInvalid?: (message: string) => void;
  /** The alert's heading for a failed check, by its message (e.g. "Passwords Don't Match"). */
  invalidTitle?: (message: string) => string | undefined;
  className?: string;
  children: ReactNode;
}

/**
 * The form building block: check with the schema, send, and on a refusal put each message on the
 * field it names (or once on the form, under the refusal's title) and move focus to the first
 * field that needs attention. A refusal is shown in the form only, never toasted as well; a
 * new attempt clears error toasts left from earlier ones. Fields inside use `<FieldWrapper>`.
 */
export function Form<TValues extends FieldValues, TOutput>(props: FormProps<TValues, TOutput>) {
  const { form, onSubmit, onFailure = describeFailure, summary = false, className, children } = props;
  const { pickMessage = firstMessage, onInvalid, invalidTitle } = props;
  const dispatch = useAppDispatch();
  const alertId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const sendingNow = useRef(false);
  const [sending, setSending] = useState(false);
  const [failedAttempts, setFailedAttempts] = useState(0);

  // After each failed attempt (once its messages are on screen and the fields enabled again),
  // go to the first field to fix.
  useEffect(() => {
    if (failedAttempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedAttempts]);

  /** Sends the checked values; true when refused (its messages are placed). */
  const send = async (values: TOutput): Promise<boolean> => {
    if (sendingNow.current) return false;
    sendingNow.current = true;
    setSending(true);
    // A new attempt: an error toast about an earlier one is stale, whatever this one brings.
    dispatch(errorToastsCleared());
    let failure: FormFailure | void;
    try {
      failure = await onSubmit(values);
    } catch (error) {
      failure = onFailure(error);
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
    if (!failure) return false;
    placeErrors(form.setError, failure);
    return true;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    // A field the browser cannot read (a date typed halfway) reads as empty: say so rather than send nothing for it.
    const unreadable = unreadableFields(formRef.current);
    if (unreadable.length) {
      event.preventDefault();
      for (const name of unreadable)
        form.setError(name as Path<TValues>, { type: 'badInput', message: UNREADABLE_ENTRY });
      setFailedAttempts((count) => count + 1);
      return;
    }
    let failedCheck = false;
    const refused = await form.handleSubmit(send, (errors) => {
      failedCheck = true;
      const message = formMessage(errors, pickMessage, true);
      if (!message) return;
      const title = invalidTitle?.(message);
      if (title) form.setError('root.title', { type: 'title', message: title });
      onInvalid?.(message);
    })(event);
    // Counted only now: react-hook-form publishes the messages at the end of handleSubmit.
    if (failedCheck || refused) setFailedAttempts((count) => count + 1);
  };

  return (
    <FormProvider {...form}>
      <FormLayoutContext value={{ summary, alertId, sending, pickMessage }}>
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-busy={sending}
          className={className}
        >
          {children}
        </form>
      </FormLayoutContext>
    </FormProvider>
  );
}

/** What a field the browser cannot read says under it. */
export const UNREADABLE_ENTRY = 'This is only partly filled in. Finish it, or clear it.';

/** The names of the form's fields whose entry the browser cannot turn into a value (they would be sent as empty). */
function unreadableFields(form: HTMLFormElement | null): string[] {
  const inputs = [...(form?.querySelectorAll<HTMLInputElement>('input[name]') ?? [])];
  return inputs.filter((input) => input.validity.badInput).map((input) => input.name);
}

function describeFailure(error: unknown): FormFailure {
  return { errors: { [FORM_ERROR]: isApiError(error) ? error.message : 'Please try again in a moment.' } };
}
