import type { FieldErrors as HookFormErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Messages by the field path they name, as the contract schemas and the gateway name them
 * (`email`, `emergencyContacts.0.phone`, `emergencyContacts` for the list); {@link FORM_ERROR}
 * for the form as a whole.
 */
export type FieldErrors = Partial<Record<string, string>>;
export const FORM_ERROR = 'form';

/** What a refused submission shows. */
export interface FormFailure {
  /** The heading of the form's alert (e.g. "Login failed"); the message stays where it belongs, shown once. */
  title?: string;
  errors: FieldErrors;
  /** Tells the form's alert which way out to offer (e.g. a new verification link). */
  kind?: string;
}

/**
 * Each message goes on the field it names; the whole-form one on `root.server` and the title on `root.title`, shown
 * once by FormAlert. react-hook-form clears both at the next submission.
 */
export function placeErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  { errors, kind, title }: FormFailure,
): void {
  if (title) setError('root.title', { type: 'title', message: title });
  for (const [path, message] of Object.entries(errors)) {
    if (!message) continue;
    if (path === FORM_ERROR) setError('root.server', { type: kind ?? 'server', message });
    else setError(path as Path<T>, { type: 'server', message });
  }
}

/** The first message; auth forms prefer the "fill in all required fields" one. */
export const firstMessage = (messages: readonly string[]): string | undefined => messages[0];

/** The one message a form shows in its alert: the whole-form one, else the picked field message. */
export function formMessage(
  errors: HookFormErrors,
  pick: (messages: readonly string[]) => string | undefined,
  withFieldMessages: boolean,
): string | undefined {
  const { root, ...fields } = errors;
  return root?.server?.message || (withFieldMessages ? pick(messagesIn(fields)) : undefined);
}

/** The alert's heading, when the refusal or the check gave one. */
export function formTitle(errors: HookFormErrors): string | undefined {
  const title = errors.root?.title?.message;
  return typeof title === 'string' && title ? title : undefined;
}

/** A field's own message; a list (field array) keeps its own under `root`. */
export function messageAt(errors: HookFormErrors, name: string): string | undefined {
  const node = name.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors);
  const error = node as { message?: unknown; root?: { message?: unknown } } | undefined;
  const message = error?.message ?? error?.root?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** Every message in a nested error tree, in the order of the fields. */
function messagesIn(node: unknown, found: string[] = []): string[] {
  if (!node || typeof node !== 'object') return found;
  // `ref` is the DOM element: never walk into it.
  const { message, ref: _ref, type: _type, types: _types, ...children } = node as Record<string, unknown>;
  if (typeof message === 'string' && message) found.push(message);
  for (const child of Object.values(children)) messagesIn(child, found);
  return found;
}
